import type { QueryClient } from "@tanstack/react-query";
import * as threadsApi from "#shared/api/threads.ts";
import { STALE_TIME } from "#shared/constants.ts";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** The threads list's args (the contract's default limit). */
export const THREAD_LIST_ARGS = {};

/** threads.list, shared by the /threads loader and page (fresh 2 minutes, SPEC 9). */
export const threadListOptions = () =>
  liveQueryOptions(threadsApi.list, THREAD_LIST_ARGS, { staleTime: STALE_TIME.threads });

/** /threads' loader. */
export async function preloadThreadList(queryClient: QueryClient): Promise<void> {
  await ignoreAuthRequired(queryClient.ensureQueryData(threadListOptions()));
}
