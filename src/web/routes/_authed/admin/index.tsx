import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/page-header.tsx";

/** /admin (SPEC 2): the installation at a glance. Reserved; its feature replaces this component. */
export const Route = createFileRoute("/_authed/admin/")({
  component: OverviewPlaceholder,
});

function OverviewPlaceholder() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader title="Overview" />
    </div>
  );
}
