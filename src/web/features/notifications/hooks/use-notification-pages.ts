import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import type { Notification } from "#shared/schemas/notification.ts";
import { NOTIFICATIONS_FIRST_PAGE, notificationPageOptions } from "../api/notification-queries.ts";

const LATER_PAGE = 50;

/**
 * The caller's notifications as live cursor pages, chained through the cache
 * (page n starts at page n-1's current continueCursor), so a new notification
 * arriving on top re-chains the pages instead of repeating a row.
 */
export function useNotificationPages() {
  const client = useQueryClient();
  const [pageCount, setPageCount] = useState(1);
  const queries = [];
  let cursor: string | null = null;
  for (let index = 0; index < pageCount; index++) {
    const options = notificationPageOptions(
      index === 0 ? NOTIFICATIONS_FIRST_PAGE : LATER_PAGE,
      cursor,
    );
    queries.push(options);
    const page = client.getQueryData(options.queryKey);
    if (!page || page.isDone) break;
    cursor = page.continueCursor;
  }
  const results = useQueries({ queries });
  const seen = new Set<string>();
  const notifications: Notification[] = [];
  for (const result of results) {
    for (const notification of result.data?.page ?? []) {
      if (seen.has(notification._id)) continue;
      seen.add(notification._id);
      notifications.push(notification);
    }
  }
  const last = results.at(-1);
  const isDone = last?.data?.isDone ?? false;
  const isLoading = results[0]?.data === undefined;
  const isLoadingMore = !isLoading && results.some((r) => r.data === undefined);
  const error = results.find((r) => r.error)?.error ?? null;
  const loadMore = useCallback(() => setPageCount((count) => count + 1), []);
  const canLoadMore = !isDone && !isLoadingMore && results.length === pageCount;
  return { notifications, isLoading, isLoadingMore, isDone, error, canLoadMore, loadMore };
}
