import { createFileRoute } from "@tanstack/react-router";
import { NotFoundView } from "../../components/not-found-view.tsx";

/** Reserved for accepting an invitation (public); until then it answers like an unknown page. */
export const Route = createFileRoute("/invite/$token")({
  component: () => <NotFoundView />,
});
