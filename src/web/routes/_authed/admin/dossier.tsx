import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/page-header.tsx";

/** /admin/dossier (SPEC 2): any organization's dossier, read-only; each look is audited. Reserved; its feature replaces this component. */
export const Route = createFileRoute("/_authed/admin/dossier")({
  component: AlldossiersPlaceholder,
});

function AlldossiersPlaceholder() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader title="All dossiers" />
    </div>
  );
}
