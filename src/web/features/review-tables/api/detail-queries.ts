import * as documentsApi from "#shared/api/documents.ts";
import * as tablesApi from "#shared/api/tables.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/**
 * What the table page's panels and dialogs read, apart from the loaders'
 * factories (table-queries.ts), so the first page's bundle, which holds the
 * route loaders, does not carry them (decision 016).
 */

/** Cells change while they fill. */
const STALE = 0;

/** One cell in full, for the side panel. */
export const tableCellOptions = (tableId: string, rowId: string, columnId: string) =>
  liveQueryOptions(tablesApi.getCell, { tableId, rowId, columnId }, { staleTime: STALE });

/** Who the owner shared the table with. */
export const tableSharesOptions = (tableId: string) =>
  liveQueryOptions(tablesApi.listShares, { tableId });

/** The best 50 search hits across the dossier, to add as rows. */
export const documentSearchOptions = (query: string) =>
  liveQueryOptions(documentsApi.search, {
    query,
    paginationOpts: { numItems: 50, cursor: null },
  });
