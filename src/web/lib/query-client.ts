import { QueryClient } from "@tanstack/react-query";
import { type ErrorCode, isAppError } from "#shared/errors.ts";
import { installLiveQueries } from "./sync/live-runtime.ts";
import type { SyncClient } from "./sync/sync-client.ts";

/** Errors that come back the same however often one asks. */
const NOT_RETRIED: ReadonlySet<ErrorCode> = new Set([
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "INVALID_ARGS",
  "UNKNOWN_FUNCTION",
  "BAD_REQUEST",
  "PAYLOAD_TOO_LARGE",
]);

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isAppError(error) && NOT_RETRIED.has(error.code)) return false;
  return failureCount < 2;
}

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
