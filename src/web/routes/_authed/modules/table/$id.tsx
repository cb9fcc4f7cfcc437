import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../../components/page-header.tsx";

/** /modules/table/{id} (SPEC 2): one review table. Reserved; its feature replaces this component. */
export const Route = createFileRoute("/_authed/modules/table/$id")({
  component: ReviewtablePlaceholder,
});

function ReviewtablePlaceholder() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader title="Review table" />
    </div>
  );
}
