import { api } from "#shared/api/index.ts";
import { implement } from "../api/registry.ts";
import { dependOnRows, dependOnThread, dependOnThreadDocuments } from "./live-keys.ts";
import { findOwnThread, requireOwnThread } from "./thread-access.ts";
import {
  attachDocumentsToThread,
  detachDocumentFromThread,
  listThreadDocuments,
} from "./thread-documents.ts";

/** The documents attached to the caller's threads. */

/**
 * SPEC's "Optional": a thread that does not exist yet (a chat about to
 * start) has no documents, and neither, as far as anybody else can tell,
 * does another user's thread. Re-runs on this thread, its attachments and
 * the attached documents only.
 */
const getThreadDocumentsOptional = implement(
  api.threads.getThreadDocumentsOptional,
  async (ctx, args) => {
    dependOnThread(ctx, args.threadId);
    dependOnThreadDocuments(ctx, [args.threadId]);
    const thread = await findOwnThread(ctx.db, ctx.user, args.threadId);
    if (!thread) return [];
    const documents = await listThreadDocuments(ctx.db, thread);
    dependOnRows(
      ctx,
      "documents",
      documents.map((document) => document._id),
    );
    return documents;
  },
);

/** Attach documents of the caller's organization; those already attached stay. */
const attachDocuments = implement(api.threads.attachDocuments, async (ctx, args) => {
  const thread = await requireOwnThread(ctx.db, ctx.user, args.threadId, { lock: true });
  await attachDocumentsToThread(ctx.db, thread, args.documentIds);
  return listThreadDocuments(ctx.db, thread);
});

/** Detach one document; detaching one that is not attached changes nothing. */
const detachDocument = implement(api.threads.detachDocument, async (ctx, args) => {
  const thread = await requireOwnThread(ctx.db, ctx.user, args.threadId, { lock: true });
  await detachDocumentFromThread(ctx.db, thread.id, args.documentId);
  return null;
});

export const threadAttachmentFunctions = [
  getThreadDocumentsOptional,
  attachDocuments,
  detachDocument,
];
