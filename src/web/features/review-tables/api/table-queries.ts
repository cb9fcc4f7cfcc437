import { type QueryClient, queryOptions } from "@tanstack/react-query";
import * as tablesApi from "#shared/api/tables.ts";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { functionKey, parseResult, wireArgs } from "../../../lib/sync/function-key.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";
import { getLiveRuntime } from "../../../lib/sync/live-runtime.ts";

/** Tables change while they fill: always live, never served stale. */
const STALE = 0;

/** The tables I can see: mine and those shared with me. */
export const tableListOptions = () => liveQueryOptions(tablesApi.list, {}, { staleTime: STALE });

/**
 * One table with every cell in compact form, read once (a stale link may name
 * no table): it is not a live query, since re-reading 200,000 cells on every
 * change is what a 10,000 x 20 table cannot afford. The page keeps it current
 * with `tableChangesOptions` (use-table-changes.ts), which merges the cells
 * changed since its revision and reads it again only when its columns, rows or
 * name changed (decision 029, amendment 2026-11-25).
 */
export const tableOptions = (tableId: string) =>
  queryOptions({
    queryKey: functionKey(tablesApi.get, { tableId }),
    queryFn: async ({ client, queryKey }) => {
      const { sync, store } = getLiveRuntime(client);
      const since = store.versionOf(queryKey);
      const answer = await sync.query(tablesApi.get.path, wireArgs({ tableId }), {
        preferSocket: true,
      });
      // Kept as the server's value under the optimistic layers, like a live query's.
      return store.received(queryKey, parseResult(tablesApi.get, answer), since);
    },
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** What changed in a table since `sinceRevision`: live, so every change arrives as a small push. */
export const tableChangesOptions = (tableId: string, sinceRevision: string) =>
  liveQueryOptions(tablesApi.getChanges, { tableId, sinceRevision }, { staleTime: STALE });

/** /modules/table's loader. */
export async function preloadTables(queryClient: QueryClient): Promise<void> {
  await ignoreAuthRequired(queryClient.ensureQueryData(tableListOptions()));
}

/**
 * /modules/table/{id}'s loader: starts reading the table without waiting for
 * it, so the page (its own skeleton in its lazy chunk) shows at once however
 * large the table is; a missing table is shown by the page, not thrown.
 */
export function preloadTable(queryClient: QueryClient, tableId: string): void {
  void queryClient.prefetchQuery(tableOptions(tableId));
}
