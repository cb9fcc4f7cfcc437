import { createFileRoute } from "@tanstack/react-router";
import { preloadModuleForm } from "../../../../../features/admin-modules/api/admin-module-queries.ts";
import { EditModulePage } from "../../../../../features/admin-modules/components/module-form-pages.tsx";

/** /admin/modules/{moduleId}/edit: the admin module form over an existing module. */
export const Route = createFileRoute("/_authed/admin/modules/$moduleId/edit")({
  loader: ({ context, params }) => preloadModuleForm(context.queryClient, params.moduleId),
  component: function EditModuleRoute() {
    const { moduleId } = Route.useParams();
    return <EditModulePage moduleId={moduleId} />;
  },
});
