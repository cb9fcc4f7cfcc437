import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../../components/page-header.tsx";

/** /admin/users (SPEC 2): every user across organizations. Reserved; its feature replaces this component. */
export const Route = createFileRoute("/_authed/admin/users/")({
  component: UsersPlaceholder,
});

function UsersPlaceholder() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader title="Users" />
    </div>
  );
}
