import { createFileRoute } from "@tanstack/react-router";
import { preloadAdminOrganizations } from "../../../features/admin-organizations/api/admin-organization-queries.ts";
import { AdminOrganizationsPage } from "../../../features/admin-organizations/components/admin-organizations-page.tsx";
import { OrganizationsPending } from "../../../features/admin-organizations/components/organizations-pending.tsx";

/** /admin/organizations (SPEC 2, with a skeleton): every organization (decision 026). */
export const Route = createFileRoute("/_authed/admin/organizations")({
  loader: ({ context }) => preloadAdminOrganizations(context.queryClient),
  pendingComponent: OrganizationsPending,
  component: AdminOrganizationsPage,
});
