import { createFileRoute } from "@tanstack/react-router";
import { preloadTable } from "../../../../features/review-tables/api/table-queries.ts";
import { TablePage } from "../../../../features/review-tables/components/table-page.tsx";

/** /modules/table/{id} (SPEC 2): one review table, filling live. */
export const Route = createFileRoute("/_authed/modules/table/$id")({
  loader: ({ context, params }) => preloadTable(context.queryClient, params.id),
  component: ReviewTableRoute,
});

function ReviewTableRoute() {
  const { id } = Route.useParams();
  return <TablePage key={id} tableId={id} />;
}
