import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/page-header.tsx";

/** /workflows/new (SPEC 2): the workflow builder. Reserved; its feature replaces this component. */
export const Route = createFileRoute("/_authed/workflows/new")({
  component: NewworkflowPlaceholder,
});

function NewworkflowPlaceholder() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader title="New workflow" />
    </div>
  );
}
