import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../../components/page-header.tsx";

/** /modules/table (SPEC 2): the review tables I can see. Reserved; its feature replaces this component. */
export const Route = createFileRoute("/_authed/modules/table/")({
  component: ReviewtablesPlaceholder,
});

function ReviewtablesPlaceholder() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader title="Review tables" />
    </div>
  );
}
