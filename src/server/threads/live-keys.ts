import type { FunctionCtx } from "../api/context.ts";

/**
 * Narrow live-query dependencies on the chat tables. Besides its own id, a
 * change to a thread also carries `user:<user_id>`, and a change to an
 * attachment or a message `thread:<thread_id>` (migration 0005), so a
 * subscriber to one thread's messages is not re-run by every message
 * written anywhere in the organization.
 */

export const userThreadsKey = (userId: string) => `user:${userId}`;
export const threadRowsKey = (threadId: string) => `thread:${threadId}`;

/** The thread row itself: its creation, edits and removal. */
export function dependOnThread(ctx: FunctionCtx, threadId: string): void {
  ctx.dependsOnRow("threads", threadId);
}

/** Every thread of one user (created, renamed, removed, streaming...). */
export function dependOnUserThreads(ctx: FunctionCtx, userId: string): void {
  ctx.dependsOnRow("threads", userThreadsKey(userId));
}

/** One thread's messages. */
export function dependOnThreadMessages(ctx: FunctionCtx, threadId: string): void {
  ctx.dependsOnRow("messages", threadRowsKey(threadId));
}

/** Some threads' attachments (and so their document counts). */
export function dependOnThreadDocuments(ctx: FunctionCtx, threadIds: string[]): void {
  dependOnRows(ctx, "thread_documents", threadIds.map(threadRowsKey));
}

/** A key no change carries (row ids are uuids or at least 10 characters). */
const NO_ROW = "none";

/**
 * Depend on the given rows of a table. With none, depend on a key no change
 * carries: the query read the table but found nothing of interest, and only
 * a change it also depends on elsewhere (a new thread, a new attachment) can
 * alter that. Without it, any change to the organization's table would count.
 */
export function dependOnRows(ctx: FunctionCtx, table: string, keys: string[]): void {
  if (keys.length === 0) ctx.dependsOnRow(table, NO_ROW);
  for (const key of keys) ctx.dependsOnRow(table, key);
}
