import { and, eq, sql } from "drizzle-orm";
import { AppError, notFound } from "#shared/errors.ts";
import type { Thread } from "#shared/schemas/chat.ts";
import type { FunctionCtx } from "../api/context.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { threadDocuments, threads } from "../db/schema.ts";

/**
 * Who may touch which thread. A thread belongs to the user who started it,
 * inside their organization, and nobody else reads or changes it (not even
 * an admin of the same organization: ARCHITECTURE, "Roles"). Anybody else's
 * thread is "not found", exactly like a missing one, so ids reveal nothing.
 */

export type ThreadRow = typeof threads.$inferSelect;

/** The caller's organization for new threads; a caller without one cannot chat. */
export function requireChatOrganization(ctx: FunctionCtx): string {
  const organizationId = ctx.user.organizationId;
  if (!organizationId) {
    throw new AppError(
      "FORBIDDEN",
      "Your account does not belong to an organization, so it cannot start chats.",
    );
  }
  return organizationId;
}

/** Who may chat: a caller with an organization. */
export type ChatCaller = Identity & { organizationId: string };

/** An identity that may chat (one with an organization), or FORBIDDEN saying why not. */
export function chatCaller(identity: Identity): ChatCaller {
  if (!identity.organizationId) {
    throw new AppError(
      "FORBIDDEN",
      "Your account does not belong to an organization, so it cannot chat.",
    );
  }
  return { ...identity, organizationId: identity.organizationId };
}

/** The caller's own thread, or undefined (missing, or anybody else's). */
export async function findOwnThread(
  db: Executor,
  caller: Pick<Identity, "userId" | "organizationId">,
  threadId: string,
  options: { lock?: boolean } = {},
): Promise<ThreadRow | undefined> {
  if (!caller.organizationId) return undefined;
  const query = db
    .select()
    .from(threads)
    .where(
      and(
        eq(threads.id, threadId),
        eq(threads.userId, caller.userId),
        eq(threads.organizationId, caller.organizationId),
      ),
    );
  const rows = options.lock ? await query.for("update") : await query;
  return rows[0];
}

export async function requireOwnThread(
  db: Executor,
  caller: Pick<Identity, "userId" | "organizationId">,
  threadId: string,
  options: { lock?: boolean } = {},
): Promise<ThreadRow> {
  const thread = await findOwnThread(db, caller, threadId, options);
  if (!thread) throw notFound("Thread");
  return thread;
}

/** A thread as the API shows it. */
export function threadView(row: ThreadRow, documentCount: number): Thread {
  return {
    _id: row.id,
    _creationTime: row.createdAt.getTime(),
    title: row.title,
    modelId: row.modelId,
    lastMessageAt: row.lastMessageAt.getTime(),
    isStreaming: row.activeStreamId !== null,
    documentCount,
  };
}

/**
 * How many documents are attached to a thread (they cascade away with their
 * documents). Qualified by hand: drizzle leaves column names bare in a
 * one-table select, where "id" would mean thread_documents.id.
 */
export const documentCountSql = sql<number>`(select count(*)::int from ${threadDocuments} where ${threadDocuments}."thread_id" = ${threads}."id")`;

/** Change the caller's own thread in one statement; "not found" for anybody else's. */
export async function updateOwnThread(
  db: Executor,
  caller: Pick<Identity, "userId" | "organizationId">,
  threadId: string,
  changes: Partial<Pick<ThreadRow, "title" | "modelId">>,
): Promise<Thread> {
  if (!caller.organizationId) throw notFound("Thread");
  const [updated] = await db
    .update(threads)
    .set({ ...changes, updatedAt: new Date() })
    .where(
      and(
        eq(threads.id, threadId),
        eq(threads.userId, caller.userId),
        eq(threads.organizationId, caller.organizationId),
      ),
    )
    .returning();
  if (!updated) throw notFound("Thread");
  return loadThreadView(db, updated);
}

/** A thread's view after a change, counting its documents. */
export async function loadThreadView(db: Executor, row: ThreadRow): Promise<Thread> {
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(threadDocuments)
    .where(eq(threadDocuments.threadId, row.id));
  return threadView(row, counted?.count ?? 0);
}
