import { createFileRoute } from "@tanstack/react-router";
import { preloadAdminUsers } from "../../../../features/admin-users/api/admin-user-queries.ts";
import { filtersFrom, userSearchSchema } from "../../../../features/admin-users/api/user-search.ts";
import { AdminUsersPage } from "../../../../features/admin-users/components/admin-users-page.tsx";

/** /admin/users (SPEC 2): every user across organizations, searched and filtered (decision 025). */
export const Route = createFileRoute("/_authed/admin/users/")({
  validateSearch: userSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => preloadAdminUsers(context.queryClient, filtersFrom(deps, deps.q)),
  component: function AdminUsersRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <AdminUsersPage
        search={search}
        onSearchChange={(next) => void navigate({ search: next, replace: true })}
      />
    );
  },
});
