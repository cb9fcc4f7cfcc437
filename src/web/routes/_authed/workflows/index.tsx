import { createFileRoute } from "@tanstack/react-router";
import { preloadWorkflows } from "../../../features/workflows/api/workflow-queries.ts";
import { WorkflowsPage } from "../../../features/workflows/components/workflows-page.tsx";

/** /workflows (SPEC 2): the organization's workflows and my recent runs. */
export const Route = createFileRoute("/_authed/workflows/")({
  loader: ({ context }) => preloadWorkflows(context.queryClient),
  component: WorkflowsPage,
});
