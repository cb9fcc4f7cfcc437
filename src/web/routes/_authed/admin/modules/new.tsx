import { createFileRoute } from "@tanstack/react-router";
import { preloadModuleForm } from "../../../../features/admin-modules/api/admin-module-queries.ts";
import { NewModulePage } from "../../../../features/admin-modules/components/module-form-pages.tsx";

/** /admin/modules/new (SPEC 2 and 3: the admin module form). */
export const Route = createFileRoute("/_authed/admin/modules/new")({
  loader: ({ context }) => preloadModuleForm(context.queryClient),
  component: NewModulePage,
});
