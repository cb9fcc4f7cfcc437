import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ResultOf } from "#shared/api/define.ts";
import type * as documentsApi from "#shared/api/documents.ts";
import { PAGE_SIZE } from "#shared/constants.ts";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import { documentPageOptions, type ListView } from "../api/document-queries.ts";

type ListPage = ResultOf<typeof documentsApi.list>;

/** After the first page of 20 (SPEC 9), pages grow so that long folders need few requests. */
const LATER_PAGE_SIZES = [50, 100, 200] as const;
const MAX_PAGE_SIZE = 200;

export interface DocumentPages {
  documents: DocumentSummary[];
  /** The first page has not arrived yet. */
  isLoading: boolean;
  /** Every document of the folder is loaded. */
  isDone: boolean;
  isLoadingMore: boolean;
  error: Error | null;
  loadMore: () => void;
}

/**
 * A folder's documents as live cursor pages (documents.list). Page n starts
 * at page n-1's *current* continueCursor, so when a document arrives, leaves
 * or moves within the folder the pages re-chain and nothing is skipped or
 * shown twice. While a later page re-fetches after such a shift, its previous
 * rows stay on screen, so the list never jumps.
 *
 * `view` (filters and sort) is applied by the server (decision 031); a new
 * view starts again from its first page. `loadAll` keeps fetching until the
 * folder is complete.
 */
export function useDocumentPages(
  folderId: string | null,
  loadAll = false,
  view: ListView = {},
): DocumentPages {
  const client = useQueryClient();
  const key = `${folderId}|${JSON.stringify(view)}`;
  const [state, setState] = useState<{ key: string; sizes: number[] }>({
    key,
    sizes: [PAGE_SIZE.dossierFirstPage],
  });
  const sizes: number[] = state.key === key ? state.sizes : [PAGE_SIZE.dossierFirstPage];
  const previous = useRef<{ key: string; pages: ListPage[] }>({ key, pages: [] });
  if (previous.current.key !== key) previous.current = { key, pages: [] };

  // Chain the pages through the cache: a page is asked for once the one before it is known.
  const queries = [];
  let cursor: string | null = null;
  for (const numItems of sizes) {
    const options = documentPageOptions(folderId, numItems, cursor, view);
    queries.push(options);
    const page = client.getQueryData(options.queryKey);
    if (!page || page.isDone) break;
    cursor = page.continueCursor;
  }
  const results = useQueries({ queries });

  const pages: ListPage[] = [];
  let pending = false;
  let pendingIndex = -1;
  for (const [index, result] of results.entries()) {
    if (result.data) {
      pages.push(result.data);
      continue;
    }
    // Re-chaining: keep showing what this and later pages held until they answer again.
    pending = true;
    pendingIndex = index;
    pages.push(...previous.current.pages.slice(index));
    break;
  }
  if (!pending) previous.current.pages = pages;

  const last = results.at(-1);
  const lastPage = last?.data;
  const isDone = !pending && lastPage !== undefined && lastPage.isDone;
  const isLoading = results[0]?.data === undefined && previous.current.pages.length === 0;
  // A page never seen before is on its way (not one re-chaining after a shift).
  const isLoadingMore = pending && !isLoading && previous.current.pages.length <= pendingIndex;
  const error = results.find((result) => result.error)?.error ?? null;

  const loadMore = useCallback(() => {
    setState((current) => {
      const base: number[] = current.key === key ? current.sizes : [PAGE_SIZE.dossierFirstPage];
      const next = LATER_PAGE_SIZES[base.length - 1] ?? MAX_PAGE_SIZE;
      return { key, sizes: [...base, next] };
    });
  }, [key]);

  // Ask for the next page only when the last one has answered and there is more.
  const canLoadMore =
    !pending && !isDone && lastPage !== undefined && results.length === sizes.length;
  useEffect(() => {
    if (loadAll && canLoadMore) loadMore();
  }, [loadAll, canLoadMore, loadMore]);

  const merged = useRef<{ pages: ListPage[]; documents: DocumentSummary[] }>({
    pages: [],
    documents: [],
  });
  if (!samePages(merged.current.pages, pages)) {
    merged.current = { pages, documents: mergePages(pages) };
  }
  const { documents } = merged.current;

  return {
    documents,
    isLoading,
    isDone,
    isLoadingMore,
    error,
    loadMore: canLoadMore ? loadMore : noop,
  };
}

function noop() {}

const samePages = (a: ListPage[], b: ListPage[]) =>
  a.length === b.length && a.every((page, index) => page === b[index]);

/** The pages' rows in order; a row a shifting page boundary put on two pages shows once. */
function mergePages(pages: ListPage[]): DocumentSummary[] {
  const seen = new Set<string>();
  const documents: DocumentSummary[] = [];
  for (const page of pages) {
    for (const document of page.page) {
      if (seen.has(document._id)) continue;
      seen.add(document._id);
      documents.push(document);
    }
  }
  return documents;
}
