import { eq } from "drizzle-orm";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import type { Executor } from "../db/database.ts";
import { documents } from "../db/schema.ts";
import { type DossierCaller, requireDocumentAccess, requireMoveTarget } from "../dossier/access.ts";
import { getDocumentSummary } from "./document-queries.ts";

export interface RenameDocumentOptions {
  db: Executor;
  caller: DossierCaller;
  documentId: string;
  name: string;
}

/**
 * Rename a document (its owner, an editor, or the owner of its folder): its
 * display name only; the original file name is kept for downloads.
 */
export async function renameDocument(options: RenameDocumentOptions): Promise<DocumentSummary> {
  const { db, caller } = options;
  const { document } = await requireDocumentAccess(db, caller, options.documentId, "edit");
  await db
    .update(documents)
    .set({ name: options.name, updatedAt: new Date() })
    .where(eq(documents.id, document.id));
  return getDocumentSummary(db, caller, document.id);
}

export interface MoveDocumentOptions {
  db: Executor;
  caller: DossierCaller;
  documentId: string;
  /** null: the top level of the owner's dossier. */
  folderId: string | null;
}

/**
 * Move a document into another folder the caller may edit; a document shared
 * with them moves only where its owner can still reach it.
 */
export async function moveDocument(options: MoveDocumentOptions): Promise<DocumentSummary> {
  const { db, caller } = options;
  const { document } = await requireDocumentAccess(db, caller, options.documentId, "edit");
  const folder = await requireMoveTarget(db, caller, options.folderId, document.ownerId);
  await db
    .update(documents)
    .set({ folderId: folder?.id ?? null, updatedAt: new Date() })
    .where(eq(documents.id, document.id));
  return getDocumentSummary(db, caller, document.id);
}
