import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import type * as adminUsersApi from "#shared/api/admin-users.ts";
import type { ResultOf } from "#shared/api/define.ts";
import type { AdminUserFilters, AdminUserRow } from "#shared/schemas/admin-user.ts";
import { FIRST_PAGE_SIZE, LATER_PAGE_SIZE, userPageOptions } from "../api/admin-user-queries.ts";

type Page = ResultOf<typeof adminUsersApi.list>;

export interface UserPages {
  users: AdminUserRow[];
  isLoading: boolean;
  isDone: boolean;
  isLoadingMore: boolean;
  error: Error | null;
  loadMore: () => void;
}

/**
 * The users matching `filters`, as live cursor pages (admin.users.list). Page
 * n starts at page n-1's current continueCursor, so a user added, renamed or
 * removed re-chains the pages and nothing is skipped or shown twice; while a
 * page re-fetches, what it held stays on screen (as the dossier's pages do).
 */
export function useUserPages(filters: AdminUserFilters): UserPages {
  const client = useQueryClient();
  const key = JSON.stringify(filters);
  const [state, setState] = useState({ key, pages: 1 });
  const count = state.key === key ? state.pages : 1;
  const previous = useRef<{ key: string; pages: Page[] }>({ key, pages: [] });
  if (previous.current.key !== key) previous.current = { key, pages: [] };

  const queries = [];
  let cursor: string | null = null;
  for (let index = 0; index < count; index++) {
    const options = userPageOptions(
      filters,
      index === 0 ? FIRST_PAGE_SIZE : LATER_PAGE_SIZE,
      cursor,
    );
    queries.push(options);
    const page = client.getQueryData(options.queryKey);
    if (!page || page.isDone) break;
    cursor = page.continueCursor;
  }
  const results = useQueries({ queries });

  const pages: Page[] = [];
  let pendingIndex = -1;
  for (const [index, result] of results.entries()) {
    if (result.data) {
      pages.push(result.data);
      continue;
    }
    pendingIndex = index;
    pages.push(...previous.current.pages.slice(index));
    break;
  }
  const pending = pendingIndex >= 0;
  if (!pending) previous.current.pages = pages;

  const lastPage = results.at(-1)?.data;
  const isDone = !pending && lastPage !== undefined && lastPage.isDone;
  const isLoading = results[0]?.data === undefined && previous.current.pages.length === 0;
  const isLoadingMore = pending && !isLoading && previous.current.pages.length <= pendingIndex;
  const error = results.find((r) => r.error)?.error ?? null;
  const canLoadMore = !pending && !isDone && lastPage !== undefined && results.length === count;

  const loadMore = useCallback(() => {
    setState((current) => ({ key, pages: (current.key === key ? current.pages : 1) + 1 }));
  }, [key]);

  const merged = useRef<{ pages: Page[]; users: AdminUserRow[] }>({ pages: [], users: [] });
  if (
    merged.current.pages.length !== pages.length ||
    merged.current.pages.some((p, i) => p !== pages[i])
  ) {
    const seen = new Set<string>();
    const users: AdminUserRow[] = [];
    for (const page of pages) {
      for (const user of page.page) {
        if (seen.has(user._id)) continue;
        seen.add(user._id);
        users.push(user);
      }
    }
    merged.current = { pages, users };
  }

  return {
    users: merged.current.users,
    isLoading,
    isDone,
    isLoadingMore,
    error,
    loadMore: canLoadMore ? loadMore : noop,
  };
}

function noop() {}
