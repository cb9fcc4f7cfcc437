import { and, eq } from "drizzle-orm";
import { notFound } from "#shared/errors.ts";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import type { Executor } from "../db/database.ts";
import { documents } from "../db/schema.ts";
import { requireFolder } from "../folders/folder-access.ts";
import { isUuid } from "../ids.ts";
import { documentSummaryColumns, documentSummaryView } from "./document-view.ts";

type DocumentChanges = Partial<Pick<typeof documents.$inferInsert, "name" | "folderId">>;

/** Apply changes to one document of the organization; "not found" when it is not there. */
async function updateDocument(
  db: Executor,
  organizationId: string,
  documentId: string,
  changes: DocumentChanges,
): Promise<DocumentSummary> {
  if (!isUuid(documentId)) throw notFound("Document");
  const [row] = await db
    .update(documents)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(documents.id, documentId), eq(documents.organizationId, organizationId)))
    .returning(documentSummaryColumns);
  if (!row) throw notFound("Document");
  return documentSummaryView(row);
}

export interface RenameDocumentOptions {
  db: Executor;
  organizationId: string;
  documentId: string;
  name: string;
}

/** Rename a document: its display name only; the original file name is kept for downloads. */
export function renameDocument(options: RenameDocumentOptions): Promise<DocumentSummary> {
  return updateDocument(options.db, options.organizationId, options.documentId, {
    name: options.name,
  });
}

export interface MoveDocumentOptions {
  db: Executor;
  organizationId: string;
  documentId: string;
  /** null: the top level. */
  folderId: string | null;
}

/** Move a document into another folder of the same organization. */
export async function moveDocument(options: MoveDocumentOptions): Promise<DocumentSummary> {
  const folder = options.folderId
    ? await requireFolder(options.db, options.organizationId, options.folderId)
    : undefined;
  return updateDocument(options.db, options.organizationId, options.documentId, {
    folderId: folder?.id ?? null,
  });
}
