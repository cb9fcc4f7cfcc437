import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { preloadWorkflow } from "../../../features/workflows/api/workflow-queries.ts";
import { WorkflowPage } from "../../../features/workflows/components/workflow-page.tsx";
import { WorkflowSkeleton } from "../../../features/workflows/components/workflow-skeleton.tsx";

/** ?run=<runId>: the run shown (else my latest run of it). */
const searchSchema = z.object({ run: z.string().max(100).optional().catch(undefined) });

/** /workflows/{slug} (SPEC 2): a workflow, its run form, its runs and their progress. */
export const Route = createFileRoute("/_authed/workflows/$slug")({
  validateSearch: searchSchema,
  loader: ({ context, params }) => preloadWorkflow(context.queryClient, params.slug),
  pendingComponent: WorkflowSkeleton,
  component: WorkflowRoute,
});

function WorkflowRoute() {
  const { slug } = Route.useParams();
  const { run } = Route.useSearch();
  return <WorkflowPage slug={slug} runId={run} />;
}
