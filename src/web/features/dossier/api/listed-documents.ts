import type { QueryClient } from "@tanstack/react-query";
import * as documentsApi from "#shared/api/documents.ts";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import { functionKey } from "../../../lib/sync/function-key.ts";
import type { OptimisticStore } from "../../../lib/sync/mutations.ts";
import type { DocumentListArgs } from "./document-queries.ts";

/**
 * The args of every documents.list page in the cache: an optimistic update
 * edits each page a document may be on, whichever folders are loaded.
 */
export function cachedListArgs(client: QueryClient): DocumentListArgs[] {
  return client
    .getQueryCache()
    .findAll({ queryKey: functionKey(documentsApi.list) })
    .flatMap((query) => {
      const parsed = documentsApi.list.args.safeParse(query.queryKey[2]);
      return parsed.success ? [parsed.data] : [];
    });
}

/** Applies `edit` to one document on every cached list page (returning null drops it). */
export function editListedDocument(
  client: QueryClient,
  store: OptimisticStore,
  documentId: string,
  edit: (document: DocumentSummary, args: DocumentListArgs) => DocumentSummary | null,
): void {
  for (const args of cachedListArgs(client)) {
    const page = store.getQuery(documentsApi.list, args);
    if (!page?.page.some((document) => document._id === documentId)) continue;
    const next = page.page.flatMap((document) => {
      if (document._id !== documentId) return [document];
      const edited = edit(document, args);
      return edited ? [edited] : [];
    });
    store.setQuery(documentsApi.list, args, { ...page, page: next });
  }
}
