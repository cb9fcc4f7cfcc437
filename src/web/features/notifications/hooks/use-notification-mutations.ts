import { useQueryClient } from "@tanstack/react-query";
import type { ArgsOf } from "#shared/api/define.ts";
import * as notificationsApi from "#shared/api/notifications.ts";
import { functionKey } from "../../../lib/sync/function-key.ts";
import { type OptimisticStore, useLiveMutation } from "../../../lib/sync/mutations.ts";

type ListArgs = ArgsOf<typeof notificationsApi.list>;

/** Marks notifications read in every cached page and lowers the bell's count, at once. */
function markReadEverywhere(
  store: OptimisticStore,
  pages: ListArgs[],
  target: ReadonlySet<string> | "all",
): void {
  const isTarget = (id: string) => target === "all" || target.has(id);
  const now = Date.now();
  let marked = 0;
  for (const args of pages) {
    const page = store.getQuery(notificationsApi.list, args);
    if (!page) continue;
    let changed = false;
    const next = page.page.map((n) => {
      if (n.readAt !== null || !isTarget(n._id)) return n;
      changed = true;
      marked++;
      return { ...n, readAt: now };
    });
    if (changed) store.setQuery(notificationsApi.list, args, { ...page, page: next });
  }
  const unread = store.getQuery(notificationsApi.unreadCount, {});
  if (unread) {
    const all = target === "all";
    store.setQuery(
      notificationsApi.unreadCount,
      {},
      {
        count: all ? 0 : Math.max(0, unread.count - marked),
        capped: all ? false : unread.capped,
      },
    );
  }
}

function useCachedPages() {
  const client = useQueryClient();
  return () =>
    client
      .getQueryCache()
      .findAll({ queryKey: functionKey(notificationsApi.list) })
      .flatMap((query) => {
        const parsed = notificationsApi.list.args.safeParse(query.queryKey[2]);
        return parsed.success ? [parsed.data] : [];
      });
}

export function useMarkRead() {
  const cachedPages = useCachedPages();
  return useLiveMutation(notificationsApi.markRead, {
    optimisticUpdate: (store, { notificationIds }) => {
      markReadEverywhere(store, cachedPages(), new Set(notificationIds));
    },
  });
}

export function useMarkAllRead() {
  const cachedPages = useCachedPages();
  return useLiveMutation(notificationsApi.markAllRead, {
    optimisticUpdate: (store) => markReadEverywhere(store, cachedPages(), "all"),
  });
}

export function useSetNotificationPreferences() {
  return useLiveMutation(notificationsApi.setPreferences, {
    optimisticUpdate: (store, { preferences }) => {
      const current = store.getQuery(notificationsApi.getPreferences, {});
      if (!current) return;
      const next = { ...current.preferences };
      for (const [kind, delivery] of Object.entries(preferences)) {
        if (delivery) next[kind] = delivery;
      }
      store.setQuery(notificationsApi.getPreferences, {}, { ...current, preferences: next });
    },
  });
}
