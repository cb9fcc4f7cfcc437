import * as documentsApi from "#shared/api/documents.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/**
 * What the attach-documents dialog reads from the dossier: a folder's newest
 * documents, or full-text hits (the folder list is in lib/shared-queries.ts).
 */
const LIST_SIZE = 50;
const SEARCH_LIMIT = 30;

/** The newest documents of a folder (null: the top level). */
export const attachListOptions = (folderId: string | null) =>
  liveQueryOptions(documentsApi.list, {
    paginationOpts: { numItems: LIST_SIZE, cursor: null },
    filter: { folderId },
  });

/** Documents matching `query` in a folder and below (null: everywhere). */
export const attachSearchOptions = (query: string, folderId: string | null) =>
  liveQueryOptions(documentsApi.search, {
    query,
    filters: { folderId },
    paginationOpts: { numItems: SEARCH_LIMIT, cursor: null },
  });
