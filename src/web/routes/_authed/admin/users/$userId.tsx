import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../../components/page-header.tsx";

/** /admin/users/{userId} (SPEC 2, 3, 5): the admin user edit form. Reserved; its feature replaces this component. */
export const Route = createFileRoute("/_authed/admin/users/$userId")({
  component: UserPlaceholder,
});

function UserPlaceholder() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader title="User" />
    </div>
  );
}
