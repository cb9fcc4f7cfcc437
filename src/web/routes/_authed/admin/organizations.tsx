import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/page-header.tsx";

/** /admin/organizations (SPEC 2): every organization. Reserved; its feature replaces this component. */
export const Route = createFileRoute("/_authed/admin/organizations")({
  component: OrganizationsPlaceholder,
});

function OrganizationsPlaceholder() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader title="Organizations" />
    </div>
  );
}
