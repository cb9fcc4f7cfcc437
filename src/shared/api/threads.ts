import { z } from "zod";
import { threadIdArgs, threadSchema, threadTitleSchema } from "../schemas/chat.ts";
import { documentSummarySchema, idSchema } from "../schemas/dossier.ts";
import { singleLineText } from "../schemas/text.ts";
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
    modelId: singleLineText().max(200).nullable().optional(),
    documentIds: z.array(idSchema).max(50).optional(),
  }),
  returns: threadSchema,
});

export const rename = mutationContract("threads.rename", {
  args: z.object({ threadId: idSchema, title: threadTitleSchema }),
  returns: threadSchema,
});

export const setModel = mutationContract("threads.setModel", {
  args: z.object({ threadId: idSchema, modelId: singleLineText().min(1).max(200) }),
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
