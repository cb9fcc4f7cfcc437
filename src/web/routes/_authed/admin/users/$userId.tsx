import { createFileRoute } from "@tanstack/react-router";
import { preloadAdminUser } from "../../../../features/admin-users/api/admin-user-queries.ts";
import { AdminUserPage } from "../../../../features/admin-users/components/admin-user-page.tsx";

/** /admin/users/{userId} (SPEC 2, 3, 5): the admin user edit form, sessions and activity. */
export const Route = createFileRoute("/_authed/admin/users/$userId")({
  loader: ({ context, params }) => preloadAdminUser(context.queryClient, params.userId),
  component: function AdminUserRoute() {
    const { userId } = Route.useParams();
    return <AdminUserPage userId={userId} />;
  },
});
