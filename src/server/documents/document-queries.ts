import { and, eq, inArray } from "drizzle-orm";
import { notFound } from "#shared/errors.ts";
import type { Document, DocumentSummary } from "#shared/schemas/dossier.ts";
import type { Executor } from "../db/database.ts";
import { documents, folders } from "../db/schema.ts";
import { isUuid } from "../ids.ts";
import { documentSummaryColumns, documentSummaryView } from "./document-view.ts";

/** One document with its extracted content, metadata and its folder's slug path. */
export async function getDocument(
  db: Executor,
  organizationId: string | null,
  documentId: string,
): Promise<Document> {
  if (!organizationId || !isUuid(documentId)) throw notFound("Document");
  const rows = await db
    .select({
      ...documentSummaryColumns,
      htmlContent: documents.htmlContent,
      metadata: documents.metadata,
      folderPath: folders.path,
    })
    .from(documents)
    .leftJoin(folders, eq(folders.id, documents.folderId))
    .where(and(eq(documents.id, documentId), eq(documents.organizationId, organizationId)));
  const row = rows[0];
  if (!row) throw notFound("Document");
  return {
    ...documentSummaryView(row),
    htmlContent: row.htmlContent,
    metadata: row.metadata,
    folderPath: row.folderPath,
  };
}

/** Summary rows of the organization's documents among `ids` (any order). */
export function getManyDocumentRows(db: Executor, organizationId: string, ids: string[]) {
  return db
    .select(documentSummaryColumns)
    .from(documents)
    .where(and(eq(documents.organizationId, organizationId), inArray(documents.id, ids)));
}

/** Documents by id, in the order asked; unknown ids and other organizations' are left out. */
export async function getManyDocuments(
  db: Executor,
  organizationId: string | null,
  documentIds: string[],
): Promise<DocumentSummary[]> {
  const ids = [...new Set(documentIds.filter(isUuid).map((id) => id.toLowerCase()))];
  if (!organizationId || ids.length === 0) return [];
  const byId = new Map(
    (await getManyDocumentRows(db, organizationId, ids)).map((row) => [row.id, row]),
  );
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [documentSummaryView(row)] : [];
  });
}
