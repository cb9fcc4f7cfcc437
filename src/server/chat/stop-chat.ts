import { and, desc, eq } from "drizzle-orm";
import { conflict, notFound } from "#shared/errors.ts";
import type { Services } from "../api/context.ts";
import { messages, threads } from "../db/schema.ts";
import type { ChatCaller } from "../threads/thread-access.ts";
import { findOwnThread } from "../threads/thread-access.ts";
import { STALE_STREAM_MS } from "./prepare-turn.ts";
import type { ActiveStreams } from "./stream/active-streams.ts";

/** How long a stop waits for the partial answer to be saved before answering. */
const STOP_WAIT_MS = 10_000;

/**
 * Stop the answer being written in the caller's thread: the generation is
 * aborted (the model request too) and the partial answer saved as
 * 'stopped'. Answers once it is saved. Nothing in flight: `stopped: false`.
 */
export async function stopChat(options: {
  services: Services;
  streams: ActiveStreams;
  caller: ChatCaller;
  threadId: string;
}): Promise<{ stopped: boolean }> {
  const { services, streams, caller, threadId } = options;
  const db = services.database.db;
  const thread = await findOwnThread(db, caller, threadId);
  if (!thread) throw notFound("Thread");

  const active = streams.get(thread.id);
  if (active && !active.ended) {
    active.abort("stopped");
    await Promise.race([
      active.finished,
      new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref()),
    ]);
    return { stopped: true };
  }
  if (!thread.activeStreamId) return { stopped: false };

  // The thread says an answer is in flight, but not here.
  const [streaming] = await db
    .select({ updatedAt: messages.updatedAt })
    .from(messages)
    .where(and(eq(messages.threadId, thread.id), eq(messages.status, "streaming")))
    .orderBy(desc(messages.updatedAt))
    .limit(1);
  if (streaming && Date.now() - streaming.updatedAt.getTime() < STALE_STREAM_MS) {
    throw conflict(
      "This answer is being written by another server instance and cannot be stopped from here.",
    );
  }
  // Left behind by a process that died: close it as stopped.
  await db
    .update(messages)
    .set({ status: "stopped", updatedAt: new Date() })
    .where(and(eq(messages.threadId, thread.id), eq(messages.status, "streaming")));
  await db
    .update(threads)
    .set({ activeStreamId: null, updatedAt: new Date() })
    .where(and(eq(threads.id, thread.id), eq(threads.activeStreamId, thread.activeStreamId)));
  return { stopped: true };
}
