import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/page-header.tsx";

/** /admin/audit: every sign-in, administrative change and superadmin look. Reserved; its feature replaces this component. */
export const Route = createFileRoute("/_authed/admin/audit")({
  component: AuditlogPlaceholder,
});

function AuditlogPlaceholder() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader title="Audit log" />
    </div>
  );
}
