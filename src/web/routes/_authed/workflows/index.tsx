import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/page-header.tsx";

/** /workflows (SPEC 2): the organization's workflows and my recent runs. Reserved; its feature replaces this component. */
export const Route = createFileRoute("/_authed/workflows/")({
  component: WorkflowsPlaceholder,
});

function WorkflowsPlaceholder() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader title="Workflows" />
    </div>
  );
}
