import type { QueryClient } from "@tanstack/react-query";
import * as tablesApi from "#shared/api/tables.ts";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** Tables change while they fill: always live, never served stale. */
const STALE = 0;

/** The tables I can see: mine and those shared with me. */
export const tableListOptions = () => liveQueryOptions(tablesApi.list, {}, { staleTime: STALE });

/** One table with every cell in compact form; a stale link may name no table. */
export const tableOptions = (tableId: string) =>
  liveQueryOptions(tablesApi.get, { tableId }, { staleTime: STALE, preferSocket: true });

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
