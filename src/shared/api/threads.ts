import { z } from "zod";
import {
  chatMessageSchema,
  threadIdArgs,
  threadSchema,
  threadTitleSchema,
} from "../schemas/chat.ts";
import {
  documentSummarySchema,
  idSchema,
  paginated,
  paginationOptsSchema,
} from "../schemas/dossier.ts";
import { mutationContract, queryContract } from "./define.ts";

/** The caller's threads, newest activity first. */
export const list = queryContract("threads.list", {
  args: z.object({ limit: z.number().int().min(1).max(500).default(200) }),
  returns: z.array(threadSchema),
});

/** One of the caller's threads; not found for anybody else's. */
export const getThread = queryContract("threads.getThread", {
  args: threadIdArgs,
  returns: threadSchema,
});

/** The documents attached to a thread; empty (not an error) when the thread does not exist yet. */
export const getThreadDocumentsOptional = queryContract("threads.getThreadDocumentsOptional", {
  args: threadIdArgs,
  returns: z.array(documentSummarySchema),
});

/** Start a thread; the client may choose the id (so a chat can begin before the round trip). */
export const create = mutationContract("threads.create", {
  args: z.object({
    threadId: idSchema.min(10, "Thread id must be at least 10 characters").optional(),
    title: threadTitleSchema.optional(),
    modelId: z.string().max(200).nullable().optional(),
    documentIds: z.array(idSchema).max(50).optional(),
  }),
  returns: threadSchema,
});

export const rename = mutationContract("threads.rename", {
  args: z.object({ threadId: idSchema, title: threadTitleSchema }),
  returns: threadSchema,
});

export const setModel = mutationContract("threads.setModel", {
  args: z.object({ threadId: idSchema, modelId: z.string().min(1).max(200) }),
  returns: threadSchema,
});

export const remove = mutationContract("threads.remove", {
  args: threadIdArgs,
  returns: z.null(),
});

export const attachDocuments = mutationContract("threads.attachDocuments", {
  args: z.object({ threadId: idSchema, documentIds: z.array(idSchema).min(1).max(50) }),
  returns: z.array(documentSummarySchema),
});

export const detachDocument = mutationContract("threads.detachDocument", {
  args: z.object({ threadId: idSchema, documentId: idSchema }),
  returns: z.null(),
});

/**
 * A thread's messages in cursor pages, each page oldest first. The first
 * page (cursor null) is the END of the conversation: its latest `numItems`
 * messages. `continueCursor` leads to the messages before it, back to the
 * first one (`isDone`, continueCursor ""). When new messages push the first
 * page's oldest out (or an edit removes messages), its continueCursor
 * changes: re-request older pages from the new cursor. Empty and done when
 * the thread does not exist yet (or is not the caller's).
 */
export const getThreadMessagesOptional = queryContract("messages.getThreadMessagesOptional", {
  args: z.object({
    threadId: idSchema,
    paginationOpts: paginationOptsSchema,
    excludeToolMessages: z.boolean().default(false),
  }),
  returns: paginated(chatMessageSchema),
});
