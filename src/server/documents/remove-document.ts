import { and, eq } from "drizzle-orm";
import { notFound } from "#shared/errors.ts";
import type { Executor } from "../db/database.ts";
import { documents } from "../db/schema.ts";
import { isUuid } from "../ids.ts";

export interface RemoveDocumentOptions {
  db: Executor;
  organizationId: string;
  documentId: string;
}

/**
 * Remove a document; its chunks and thread attachments go with it (ON DELETE
 * CASCADE). Returns the blob keys to delete once the removal has committed.
 */
export async function removeDocument(options: RemoveDocumentOptions): Promise<string[]> {
  const { db, organizationId, documentId } = options;
  if (!isUuid(documentId)) throw notFound("Document");
  const [removed] = await db
    .delete(documents)
    .where(and(eq(documents.id, documentId), eq(documents.organizationId, organizationId)))
    .returning({ storageId: documents.storageId, previewStorageId: documents.previewStorageId });
  if (!removed) throw notFound("Document");
  return removed.previewStorageId
    ? [removed.storageId, removed.previewStorageId]
    : [removed.storageId];
}
