import * as documentsApi from "#shared/api/documents.ts";
import { liveQueryOptions } from "./sync/live-query.ts";

/** What the document picker reads: a folder's newest documents, or full-text hits. */
const LIST_SIZE = 50;
const SEARCH_LIMIT = 30;

export const pickerListOptions = (folderId: string | null) =>
  liveQueryOptions(documentsApi.list, {
    paginationOpts: { numItems: LIST_SIZE, cursor: null },
    filter: { folderId },
  });

export const pickerSearchOptions = (query: string, folderId: string | null) =>
  liveQueryOptions(documentsApi.search, {
    query,
    filters: { folderId },
    paginationOpts: { numItems: SEARCH_LIMIT, cursor: null },
  });
