import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { STALE_TIME } from "#shared/constants.ts";
import { preloadModule } from "../../../../features/module-run/api/module-run-queries.ts";
import { ModuleRunPage } from "../../../../features/module-run/components/module-run-page.tsx";
import { ModuleRunSkeleton } from "../../../../features/module-run/components/module-run-skeleton.tsx";

/** ?from=<executionId>: "Run again" prefills the form with that run's inputs. */
const searchSchema = z.object({ from: z.string().max(100).optional().catch(undefined) });

/** SPEC 2: /modules/{slug}, the module by slug (fresh for 2 minutes) and its run form. */
export const Route = createFileRoute("/_authed/modules/$slug/")({
  validateSearch: searchSchema,
  loader: ({ context, params }) => preloadModule(context.queryClient, params.slug),
  staleTime: STALE_TIME.moduleDetail,
  pendingComponent: ModuleRunSkeleton,
  component: ModuleRunRoute,
});

function ModuleRunRoute() {
  const { slug } = Route.useParams();
  const { from } = Route.useSearch();
  return <ModuleRunPage slug={slug} from={from} />;
}
