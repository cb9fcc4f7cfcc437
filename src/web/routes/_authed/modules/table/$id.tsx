import { createFileRoute } from "@tanstack/react-router";
import { preloadTable } from "../../../../features/review-tables/api/table-queries.ts";
import { TablePending } from "../../../../features/review-tables/components/skeletons.tsx";
import { TablePage } from "../../../../features/review-tables/components/table-page.tsx";

/** /modules/table/{id} (SPEC 2): one review table, filling live. */
export const Route = createFileRoute("/_authed/modules/table/$id")({
  loader: ({ context, params }) => preloadTable(context.queryClient, params.id),
  pendingComponent: TablePending,
  component: ReviewTableRoute,
});

function ReviewTableRoute() {
  const { id } = Route.useParams();
  return <TablePage key={id} tableId={id} />;
}
