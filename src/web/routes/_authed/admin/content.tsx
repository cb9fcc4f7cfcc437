import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../../components/page-header.tsx";

/** /admin/content (SPEC 2; decision 024). Reserved; its feature replaces this component. */
export const Route = createFileRoute("/_authed/admin/content")({
  component: ContentPlaceholder,
});

function ContentPlaceholder() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader title="Content" />
    </div>
  );
}
