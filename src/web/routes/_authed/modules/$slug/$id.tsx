import { createFileRoute } from "@tanstack/react-router";
import { preloadExecution } from "../../../../features/module-run/api/module-run-queries.ts";
import { ExecutionPage } from "../../../../features/module-run/components/execution-page.tsx";
import { ModuleRunSkeleton } from "../../../../features/module-run/components/module-run-skeleton.tsx";

/** SPEC 2: /modules/{slug}/{id}, one run by its executionId, live. */
export const Route = createFileRoute("/_authed/modules/$slug/$id")({
  loader: ({ context, params }) => preloadExecution(context.queryClient, params.id),
  pendingComponent: ModuleRunSkeleton,
  component: ExecutionRoute,
});

function ExecutionRoute() {
  const { slug, id } = Route.useParams();
  return <ExecutionPage slug={slug} executionId={id} />;
}
