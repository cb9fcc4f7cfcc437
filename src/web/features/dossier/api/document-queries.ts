import type { ArgsOf } from "#shared/api/define.ts";
import { api } from "#shared/api/index.ts";
import { PAGE_SIZE } from "#shared/constants.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

export type DocumentListArgs = ArgsOf<typeof api.documents.list>;

/** Most hits a dossier search shows. */
const SEARCH_LIMIT = 50;

/** One document with its content, for the document view. */
export const documentOptions = (documentId: string) =>
  liveQueryOptions(api.documents.get, { documentId });

/** Several documents by id (at most 100): the upload panel follows their processing. */
export const documentsByIdOptions = (documentIds: string[]) =>
  liveQueryOptions(api.documents.getMany, { documentIds });

/** Full-text hits in a folder and below (null: the whole dossier), best first. */
export const documentSearchOptions = (query: string, folderId: string | null) =>
  liveQueryOptions(api.documents.search, { query, folderId, limit: SEARCH_LIMIT });

/** One cursor page of a folder's documents (null: the top level). */
export const documentPageOptions = (
  folderId: string | null,
  numItems: number,
  cursor: string | null,
) => liveQueryOptions(api.documents.list, documentListArgs(folderId, numItems, cursor));

/** The first page of a folder's documents (SPEC 9: 20, cursor null), as loader and list ask for it. */
export const firstDocumentPageOptions = (folderId: string | null) =>
  documentPageOptions(folderId, PAGE_SIZE.dossierFirstPage, null);

const documentListArgs = (
  folderId: string | null,
  numItems: number,
  cursor: string | null,
): DocumentListArgs => ({ paginationOpts: { numItems, cursor }, filter: { folderId } });
