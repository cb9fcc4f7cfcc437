import { createFileRoute } from "@tanstack/react-router";
import { InvitePage } from "../../features/organization/components/invite-page.tsx";

/** Public: accept an invitation by its link (decision 021). */
export const Route = createFileRoute("/invite/$token")({
  component: InviteRoute,
});

function InviteRoute() {
  const { token } = Route.useParams();
  return <InvitePage token={token} />;
}
