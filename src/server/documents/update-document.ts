import { and, eq, sql } from "drizzle-orm";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import type { Executor } from "../db/database.ts";
import { documents } from "../db/schema.ts";
import {
  type DossierCaller,
  documentRankSql,
  requireDocumentAccess,
  requireMoveTarget,
} from "../dossier/access.ts";
import { isUuid } from "../ids.ts";
import { getDocumentSummary } from "./document-queries.ts";

/** The rank "edit" needs (dossier/access.ts: read 1, edit 2, delete 3, own 4). */
const EDIT_RANK = 2;

/**
 * Writes `set` to a document the caller may edit, the check in the UPDATE's own WHERE (one
 * statement instead of a read then a write; decision 032, "PGlite request cost"). Nothing
 * written: requireDocumentAccess tells "not found" from "forbidden" (a second read, only on that
 * path), and should the caller have gained access in between, the write is made by id.
 */
export async function updateEditableDocument(
  db: Executor,
  caller: DossierCaller,
  documentId: string,
  set: Partial<typeof documents.$inferInsert>,
): Promise<string> {
  if (caller.organizationId && isUuid(documentId)) {
    const written = await db
      .update(documents)
      .set(set)
      .where(
        and(
          eq(documents.id, documentId),
          eq(documents.organizationId, caller.organizationId),
          sql`${documentRankSql(caller)} >= ${EDIT_RANK}`,
        ),
      )
      .returning({ id: documents.id });
    if (written[0]) return written[0].id;
  }
  const { document } = await requireDocumentAccess(db, caller, documentId, "edit");
  await db.update(documents).set(set).where(eq(documents.id, document.id));
  return document.id;
}

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
  const id = await updateEditableDocument(db, caller, options.documentId, {
    name: options.name,
    updatedAt: new Date(),
  });
  return getDocumentSummary(db, caller, id);
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
