import type { ArgsOf } from "#shared/api/define.ts";
import * as documentsApi from "#shared/api/documents.ts";
import { PAGE_SIZE } from "#shared/constants.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

export type DocumentListArgs = ArgsOf<typeof documentsApi.list>;

/** Most hits a dossier search shows. */
const SEARCH_LIMIT = 50;

/** One document with its content, for the document view. */
export const documentOptions = (documentId: string) =>
  liveQueryOptions(documentsApi.get, { documentId });

/** Several documents by id (at most 100): the upload panel follows their processing. */
export const documentsByIdOptions = (documentIds: string[]) =>
  liveQueryOptions(documentsApi.getMany, { documentIds });

export type DocumentSearchArgs = ArgsOf<typeof documentsApi.search>;
/** What narrows and orders a folder's list on the server (decision 031). */
export type ListView = Pick<DocumentListArgs, "filters" | "sort">;

/** Search hits (hybrid; filters and sort on the server), best first: the first page. */
export const documentSearchOptions = (
  query: string,
  filters: DocumentSearchArgs["filters"],
  sort: DocumentSearchArgs["sort"] = null,
) =>
  liveQueryOptions(documentsApi.search, {
    query,
    filters,
    sort,
    paginationOpts: { numItems: SEARCH_LIMIT, cursor: null },
  });

/** The organization's tags on documents the caller may read (the tag filter's choices). */
export const tagListOptions = () => liveQueryOptions(documentsApi.listTags, {});

/** Search box suggestions: tags and document names containing `prefix`. */
export const suggestionOptions = (prefix: string) =>
  liveQueryOptions(documentsApi.suggest, { prefix });

/** One cursor page of a folder's documents (null: the top level). */
export const documentPageOptions = (
  folderId: string | null,
  numItems: number,
  cursor: string | null,
  view: ListView = {},
) => liveQueryOptions(documentsApi.list, documentListArgs(folderId, numItems, cursor, view));

/** The first page of a folder's documents (SPEC 9: 20, cursor null), as loader and list ask for it. */
export const firstDocumentPageOptions = (folderId: string | null) =>
  documentPageOptions(folderId, PAGE_SIZE.dossierFirstPage, null);

const documentListArgs = (
  folderId: string | null,
  numItems: number,
  cursor: string | null,
  view: ListView = {},
): DocumentListArgs => ({
  paginationOpts: { numItems, cursor },
  filter: { folderId },
  ...(view.filters ? { filters: view.filters } : {}),
  ...(view.sort ? { sort: view.sort } : {}),
});
