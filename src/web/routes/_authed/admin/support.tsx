import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { SUPPORT_STATUSES } from "#shared/schemas/support.ts";
import { SupportInboxPage } from "../../../features/admin-support/components/support-inbox-page.tsx";

const id = z.string().min(1).max(100).optional().catch(undefined);
const searchSchema = z.object({
  status: z.enum(SUPPORT_STATUSES).optional().catch(undefined),
  org: id,
  request: id,
});

/** /admin/support: the superadmins' support inbox (decisions 022, 024). */
export const Route = createFileRoute("/_authed/admin/support")({
  validateSearch: searchSchema,
  component: SupportInboxRoute,
});

function SupportInboxRoute() {
  const location = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SupportInboxPage
      location={location}
      onNavigate={(search) => void navigate({ search, replace: true, resetScroll: false })}
    />
  );
}
