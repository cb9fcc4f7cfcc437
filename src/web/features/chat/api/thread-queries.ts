import type { QueryClient } from "@tanstack/react-query";
import * as messagesApi from "#shared/api/messages.ts";
import * as threadsApi from "#shared/api/threads.ts";
import { PAGE_SIZE } from "#shared/constants.ts";
import { isAppError } from "#shared/errors.ts";
import type { Thread } from "#shared/schemas/chat.ts";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/**
 * The queries a conversation reads, built in one place so route loaders and
 * components share cache entries: the thread, its documents and its first
 * page of messages (100, tool messages included; SPEC 2).
 */
export const threadArgs = (threadId: string) => ({ threadId });

export const messagePageArgs = (threadId: string, cursor: string | null) => ({
  threadId,
  paginationOpts: { numItems: PAGE_SIZE.threadMessages, cursor },
  excludeToolMessages: false,
});

/**
 * A thread id comes from an address, so it may name no thread (NOT_FOUND): it
 * is asked over the socket even while that connects, where not-found is an
 * answer, rather than over HTTP, where the browser logs it as a failed request.
 */
export const threadOptions = (threadId: string, staleTime?: number) =>
  liveQueryOptions(threadsApi.getThread, threadArgs(threadId), {
    staleTime,
    preferSocket: true,
  });

export const threadDocumentsOptions = (threadId: string, staleTime?: number) =>
  liveQueryOptions(threadsApi.getThreadDocumentsOptional, threadArgs(threadId), { staleTime });

export const messagePageOptions = (threadId: string, cursor: string | null, staleTime?: number) =>
  liveQueryOptions(messagesApi.getThreadMessagesOptional, messagePageArgs(threadId, cursor), {
    staleTime,
  });

/**
 * Route loaders: the thread, its documents and first messages, in parallel. A
 * thread that does not exist (or is not the caller's) is not an error here:
 * the page shows it as unavailable. Other failures reach the route's error view.
 */
export async function preloadThread(
  queryClient: QueryClient,
  threadId: string,
  staleTime: number,
): Promise<void> {
  await ignoreAuthRequired(
    Promise.all([
      queryClient.ensureQueryData(threadOptions(threadId, staleTime)).catch((error: unknown) => {
        if (isAppError(error) && error.code === "NOT_FOUND") return null;
        throw error;
      }),
      queryClient.ensureQueryData(threadDocumentsOptions(threadId, staleTime)),
      queryClient.ensureQueryData(messagePageOptions(threadId, null, staleTime)),
    ]),
  );
}

/**
 * A thread just created here: what the server would answer, put in the cache
 * so that opening its URL needs no round trip (and shows no skeleton).
 */
export function seedNewThread(
  queryClient: QueryClient,
  thread: Thread,
  documents: DocumentSummary[],
): void {
  queryClient.setQueryData(threadOptions(thread._id).queryKey, thread);
  queryClient.setQueryData(threadDocumentsOptions(thread._id).queryKey, documents);
  if (!queryClient.getQueryData(messagePageOptions(thread._id, null).queryKey)) {
    queryClient.setQueryData(messagePageOptions(thread._id, null).queryKey, {
      page: [],
      isDone: true,
      continueCursor: "",
    });
  }
}
