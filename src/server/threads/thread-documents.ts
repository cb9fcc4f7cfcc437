import { and, asc, eq, inArray } from "drizzle-orm";
import { conflict, notFound } from "#shared/errors.ts";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import type { Executor } from "../db/database.ts";
import { documents, threadDocuments } from "../db/schema.ts";
import { documentSummaryColumnsFor, documentSummaryView } from "../documents/document-view.ts";
import { type DossierCaller, readableDocumentsCondition } from "../dossier/access.ts";
import { isUuid, newId } from "../ids.ts";
import type { ThreadRow } from "./thread-access.ts";

/**
 * Documents attached to a thread: the chat's tools read them first. Only
 * documents the thread's member may read can be attached, and a document
 * whose share was taken back drops out of the thread (its attachment stays,
 * and counts again if access comes back); see src/server/dossier/access.ts.
 */

/** The member a thread belongs to, as the dossier's access rule sees them. */
export const threadCaller = (
  thread: Pick<ThreadRow, "userId" | "organizationId">,
): DossierCaller => ({
  userId: thread.userId,
  organizationId: thread.organizationId,
});

/** Enough for any real question; keeps a thread's context and tool listings bounded. */
export const MAX_THREAD_DOCUMENTS = 50;

/** The ids, without repeats, once the caller may read every one; else "not found". */
export async function requireReadableDocuments(
  db: Executor,
  caller: DossierCaller,
  documentIds: string[],
): Promise<string[]> {
  const ids = [...new Set(documentIds)];
  if (ids.length === 0) return ids;
  if (!ids.every(isUuid)) throw notFound("Document");
  const found = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(inArray(documents.id, ids), readableDocumentsCondition(caller)));
  if (found.length !== ids.length) throw notFound("Document");
  return ids;
}

/**
 * Attach documents; those already attached are left as they are. The caller
 * holds the thread's row lock, so two attaches cannot together pass the limit.
 */
export async function attachDocumentsToThread(
  db: Executor,
  thread: ThreadRow,
  documentIds: string[],
): Promise<void> {
  const ids = await requireReadableDocuments(db, threadCaller(thread), documentIds);
  const attached = await db
    .select({ documentId: threadDocuments.documentId })
    .from(threadDocuments)
    .where(eq(threadDocuments.threadId, thread.id));
  const already = new Set(attached.map((row) => row.documentId));
  const added = ids.filter((id) => !already.has(id));
  if (added.length === 0) return;
  if (already.size + added.length > MAX_THREAD_DOCUMENTS) {
    throw conflict(
      `A chat can have at most ${MAX_THREAD_DOCUMENTS} documents attached. Detach some first.`,
    );
  }
  await db
    .insert(threadDocuments)
    .values(
      added.map((documentId) => ({
        id: newId(),
        organizationId: thread.organizationId,
        threadId: thread.id,
        documentId,
      })),
    )
    .onConflictDoNothing();
}

/** A thread's documents, in the order they were attached. */
export async function listThreadDocuments(
  db: Executor,
  thread: Pick<ThreadRow, "id" | "organizationId" | "userId">,
): Promise<DocumentSummary[]> {
  const caller = threadCaller(thread);
  const rows = await db
    .select(documentSummaryColumnsFor(caller))
    .from(threadDocuments)
    .innerJoin(
      documents,
      and(eq(documents.id, threadDocuments.documentId), readableDocumentsCondition(caller)),
    )
    .where(eq(threadDocuments.threadId, thread.id))
    .orderBy(asc(threadDocuments.createdAt), asc(threadDocuments.id));
  return rows.map(documentSummaryView);
}

export async function detachDocumentFromThread(
  db: Executor,
  threadId: string,
  documentId: string,
): Promise<void> {
  if (!isUuid(documentId)) return;
  await db
    .delete(threadDocuments)
    .where(and(eq(threadDocuments.threadId, threadId), eq(threadDocuments.documentId, documentId)));
}
