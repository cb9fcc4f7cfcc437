import { eq } from "drizzle-orm";
import type { Executor } from "../db/database.ts";
import { documents } from "../db/schema.ts";
import { type DossierCaller, requireDocumentAccess } from "../dossier/access.ts";
import { forgetEntities } from "../dossier/forget-entities.ts";

export interface RemoveDocumentOptions {
  db: Executor;
  caller: DossierCaller;
  documentId: string;
}

/**
 * Remove a document: its owner (an editor who uploaded it owns it) or the
 * owner of a folder above it. Its chunks and thread attachments go with it
 * (ON DELETE CASCADE), its shares and favorites here. Returns the blob keys
 * to delete once the removal has committed.
 */
export async function removeDocument(options: RemoveDocumentOptions): Promise<string[]> {
  const { db, caller } = options;
  const { document } = await requireDocumentAccess(db, caller, options.documentId, "delete");
  await forgetEntities(db, "document", [document.id]);
  const [removed] = await db
    .delete(documents)
    .where(eq(documents.id, document.id))
    .returning({ storageId: documents.storageId, previewStorageId: documents.previewStorageId });
  if (!removed) return [];
  return removed.previewStorageId
    ? [removed.storageId, removed.previewStorageId]
    : [removed.storageId];
}
