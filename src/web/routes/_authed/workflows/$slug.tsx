import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/page-header.tsx";

/** /workflows/{slug} (SPEC 2): a workflow, its runs and their progress. Reserved; its feature replaces this component. */
export const Route = createFileRoute("/_authed/workflows/$slug")({
  component: WorkflowPlaceholder,
});

function WorkflowPlaceholder() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader title="Workflow" />
    </div>
  );
}
