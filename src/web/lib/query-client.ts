import { QueryClient } from "@tanstack/react-query";
import { shouldRetryQuery } from "./query-retry.ts";
import { installLiveQueries } from "./sync/live-runtime.ts";
import type { SyncClient } from "./sync/sync-client.ts";

export { shouldRetryQuery };

/**
 * The app's Query cache, wired to the sync client: live query keys get a
 * server subscription while observed. Live data needs no refetch on focus;
 * mutations are never retried (they may have run).
 */
export function createQueryClient(sync: SyncClient): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryQuery, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  installLiveQueries(queryClient, sync);
  return queryClient;
}
