import { type QueryKey, type UseQueryOptions, useQueries } from "@tanstack/react-query";
import { useCallback, useState } from "react";

interface CursorPage<T> {
  page: T[];
  isDone: boolean;
  continueCursor: string;
}

/**
 * Keyset pages of a live list (SPEC 7's {page, isDone, continueCursor}): the
 * first page, then one more per `loadMore`, each its own live query; rows
 * repeated across pages (a page boundary moved) are shown once. Starts over
 * when `resetKey` changes (another filter).
 */
export function useCursorPages<T extends { _id: string }, K extends QueryKey>(
  options: (cursor: string | null) => UseQueryOptions<CursorPage<T>, Error, CursorPage<T>, K>,
  resetKey: string,
) {
  const [state, setState] = useState<{ key: string; cursors: (string | null)[] }>({
    key: resetKey,
    cursors: [null],
  });
  const cursors = state.key === resetKey ? state.cursors : [null];
  const results = useQueries({ queries: cursors.map((cursor) => options(cursor)) });
  const seen = new Set<string>();
  const rows: T[] = [];
  for (const result of results) {
    for (const row of result.data?.page ?? []) {
      if (seen.has(row._id)) continue;
      seen.add(row._id);
      rows.push(row);
    }
  }
  const last = results.at(-1);
  const loadMore = useCallback(() => {
    const cursor = last?.data?.continueCursor;
    if (!cursor) return;
    setState((current) => ({
      key: resetKey,
      cursors: [...(current.key === resetKey ? current.cursors : [null]), cursor],
    }));
  }, [last?.data?.continueCursor, resetKey]);
  return {
    rows,
    isLoading: results[0]?.data === undefined && !results[0]?.error,
    error: results.find((r) => r.error)?.error ?? null,
    hasMore: last?.data ? !last.data.isDone : false,
    isLoadingMore: cursors.length > 1 && last?.data === undefined,
    loadMore,
    retry: () => {
      for (const result of results) if (result.error) void result.refetch();
    },
  };
}
