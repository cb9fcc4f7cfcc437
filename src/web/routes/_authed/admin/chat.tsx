import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/page-header.tsx";

/** /admin/chat (SPEC 2): any thread, read-only; each look is audited. Reserved; its feature replaces this component. */
export const Route = createFileRoute("/_authed/admin/chat")({
  component: AllchatsPlaceholder,
});

function AllchatsPlaceholder() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader title="All chats" />
    </div>
  );
}
