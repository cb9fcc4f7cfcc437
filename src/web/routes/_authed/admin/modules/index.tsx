import { createFileRoute } from "@tanstack/react-router";
import { STALE_TIME } from "#shared/constants.ts";
import { preloadAdminModules } from "../../../../features/admin-modules/api/admin-module-queries.ts";
import { AdminModulesPage } from "../../../../features/admin-modules/components/admin-modules-page.tsx";

/** /admin/modules (SPEC 2, superadmin area): every module, archived ones on request. */
export const Route = createFileRoute("/_authed/admin/modules/")({
  loader: ({ context }) => preloadAdminModules(context.queryClient),
  staleTime: STALE_TIME.modules,
  component: AdminModulesPage,
});
