import { createFileRoute } from "@tanstack/react-router";
import { STALE_TIME } from "#shared/constants.ts";
import { preloadAdminModule } from "../../../../../features/admin-modules/api/admin-module-queries.ts";
import { AdminModulePage } from "../../../../../features/admin-modules/components/admin-module-page.tsx";

/** /admin/modules/{moduleId}: a module's every field and its recent executions. */
export const Route = createFileRoute("/_authed/admin/modules/$moduleId/")({
  loader: ({ context, params }) => preloadAdminModule(context.queryClient, params.moduleId),
  staleTime: STALE_TIME.moduleDetail,
  component: function AdminModuleRoute() {
    const { moduleId } = Route.useParams();
    return <AdminModulePage moduleId={moduleId} />;
  },
});
