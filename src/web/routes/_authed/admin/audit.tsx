import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { AuditPage } from "../../../features/admin-audit/components/audit-page.tsx";

const text = z.string().min(1).max(200).optional().catch(undefined);
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);
const searchSchema = z.object({
  actor: text,
  actorName: text,
  org: text,
  action: text,
  from: day,
  to: day,
});

/** /admin/audit: the audit log, its filters and export (decision 024). */
export const Route = createFileRoute("/_authed/admin/audit")({
  validateSearch: searchSchema,
  component: AuditRoute,
});

function AuditRoute() {
  const location = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AuditPage
      location={location}
      onNavigate={(search) => void navigate({ search, replace: true, resetScroll: false })}
    />
  );
}
