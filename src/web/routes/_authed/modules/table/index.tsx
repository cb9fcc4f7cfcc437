import { createFileRoute } from "@tanstack/react-router";
import { preloadTables } from "../../../../features/review-tables/api/table-queries.ts";
import { TablesPage } from "../../../../features/review-tables/components/tables-page.tsx";

/** /modules/table (SPEC 2): the review tables I can see. */
export const Route = createFileRoute("/_authed/modules/table/")({
  loader: ({ context }) => preloadTables(context.queryClient),
  component: TablesPage,
});
