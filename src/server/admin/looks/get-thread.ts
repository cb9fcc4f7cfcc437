import { asc, desc, eq, sql } from "drizzle-orm";
import { notFound } from "#shared/errors.ts";
import { ADMIN_THREAD_MESSAGES_MAX, type AdminThread } from "#shared/schemas/admin-looks.ts";
import { LOOK_ACTIONS } from "#shared/schemas/audit.ts";
import type { FunctionCtx } from "../../api/context.ts";
import { documents, messages, threadDocuments, threads, users } from "../../db/schema.ts";
import { messageView } from "../../messages/message-view.ts";
import {
  dependOnThread,
  dependOnThreadDocuments,
  dependOnThreadMessages,
} from "../../threads/live-keys.ts";
import { threadSummaryQuery, threadSummaryView } from "./list-threads.ts";
import { recordLook } from "./record-look.ts";

/**
 * Any member's thread, read-only: its documents and latest messages (tool
 * messages included, as the chat keeps them). The look is recorded before
 * anything is returned. Live on the thread, its attachments and messages.
 */
export async function getAdminThread(ctx: FunctionCtx, threadId: string): Promise<AdminThread> {
  const [row] = await threadSummaryQuery(ctx.db).where(eq(threads.id, threadId));
  if (!row) throw notFound("Thread");
  dependOnThread(ctx, row.thread.id);
  dependOnThreadDocuments(ctx, [row.thread.id]);
  dependOnThreadMessages(ctx, row.thread.id);
  await recordLook(ctx, {
    action: LOOK_ACTIONS.thread,
    organizationId: row.thread.organizationId,
    targetType: "thread",
    targetId: row.thread.id,
    subjectUserId: row.thread.userId,
    targetName: row.thread.title,
  });
  const attached = await ctx.db
    .select({
      id: documents.id,
      name: documents.name,
      fileType: documents.fileType,
      ownerName: sql<
        string | null
      >`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
    })
    .from(threadDocuments)
    .innerJoin(documents, eq(documents.id, threadDocuments.documentId))
    .leftJoin(users, eq(users.id, documents.ownerId))
    .where(eq(threadDocuments.threadId, row.thread.id))
    .orderBy(asc(threadDocuments.createdAt));
  const latest = await ctx.db
    .select()
    .from(messages)
    .where(eq(messages.threadId, row.thread.id))
    .orderBy(desc(messages.seq))
    .limit(ADMIN_THREAD_MESSAGES_MAX);
  return {
    ...threadSummaryView(row),
    modelId: row.thread.modelId,
    documents: attached.map((d) => ({
      _id: d.id,
      name: d.name,
      fileType: d.fileType,
      ownerName: d.ownerName,
    })),
    messages: latest.reverse().map(messageView),
  };
}
