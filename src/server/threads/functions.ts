import { and, desc, eq } from "drizzle-orm";
import { api } from "#shared/api/index.ts";
import { implement } from "../api/registry.ts";
import { activeStreamsOf } from "../chat/stream/active-streams.ts";
import { turnPredictionsOf } from "../chat/turn-predictions.ts";
import { threads } from "../db/schema.ts";
import { requireOfferedModel } from "../models/model-choice.ts";
import { createThread } from "./create-thread.ts";
import { dependOnThread, dependOnThreadDocuments, dependOnUserThreads } from "./live-keys.ts";
import {
  documentCountSql,
  loadThreadView,
  requireChatOrganization,
  requireOwnThread,
  threadView,
  updateOwnThread,
} from "./thread-access.ts";

/** Thread management: the caller's own threads only (see thread-access.ts). */

/** The caller's threads, latest activity first. Re-runs only on this user's threads. */
const list = implement(api.threads.list, async (ctx, args) => {
  const { userId, organizationId } = ctx.user;
  dependOnUserThreads(ctx, userId);
  if (!organizationId) return [];
  const rows = await ctx.db
    .select({ thread: threads, documentCount: documentCountSql })
    .from(threads)
    .where(and(eq(threads.userId, userId), eq(threads.organizationId, organizationId)))
    .orderBy(desc(threads.lastMessageAt), desc(threads.createdAt), desc(threads.id))
    .limit(args.limit);
  dependOnThreadDocuments(
    ctx,
    rows.map((row) => row.thread.id),
  );
  return rows.map((row) => threadView(row.thread, row.documentCount));
});

const getThread = implement(api.threads.getThread, async (ctx, args) => {
  dependOnThread(ctx, args.threadId);
  dependOnThreadDocuments(ctx, [args.threadId]);
  const thread = await requireOwnThread(ctx.db, ctx.user, args.threadId);
  return loadThreadView(ctx.db, thread);
});

const create = implement(api.threads.create, async (ctx, args) => {
  const organizationId = requireChatOrganization(ctx);
  const thread = await createThread({
    db: ctx.db,
    models: ctx.services.models,
    organizationId,
    userId: ctx.user.userId,
    threadId: args.threadId,
    title: args.title,
    modelId: args.modelId,
    documentIds: args.documentIds,
  });
  // Its first turn on this instance can start the model beside its read (decision 032, sixth
  // round); the read still decides.
  if (thread.documentCount === 0) {
    turnPredictionsOf(ctx.services).rememberCreated({
      id: thread._id,
      organizationId,
      userId: ctx.user.userId,
      title: thread.title,
      modelId: thread.modelId,
      activeStreamId: null,
      lastMessageAt: new Date(thread.lastMessageAt),
      createdAt: new Date(thread._creationTime),
      updatedAt: new Date(thread._creationTime),
    });
  }
  return thread;
});

const rename = implement(api.threads.rename, async (ctx, args) =>
  updateOwnThread(ctx.db, ctx.user, args.threadId, { title: args.title }),
);

/** The model this thread's next answers use; it must be on offer now. */
const setModel = implement(api.threads.setModel, async (ctx, args) => {
  const modelId = requireOfferedModel(ctx.services.models, args.modelId);
  return updateOwnThread(ctx.db, ctx.user, args.threadId, { modelId });
});

/**
 * Delete a thread with its messages and attachments (cascade). Allowed while
 * an answer streams: the stream finds its thread gone and stops writing, so
 * `activeStreamId` is left for the streaming side to see.
 */
const remove = implement(api.threads.remove, async (ctx, args) => {
  const thread = await requireOwnThread(ctx.db, ctx.user, args.threadId, { lock: true });
  await ctx.db.delete(threads).where(eq(threads.id, thread.id));
  // An answer being written for it stops: nobody can read it any more.
  ctx.afterCommit(async () => activeStreamsOf(ctx.services).get(thread.id)?.abort("stopped"));
  return null;
});

export const threadFunctions = [list, getThread, create, rename, setModel, remove];
