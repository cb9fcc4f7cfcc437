import { and, eq, inArray } from "drizzle-orm";
import { notFound } from "#shared/errors.ts";
import type { Document, DocumentSummary } from "#shared/schemas/dossier.ts";
import type { Executor } from "../db/database.ts";
import { documents, folders } from "../db/schema.ts";
import {
  type DossierCaller,
  folderRankSql,
  readableDocumentsCondition,
} from "../dossier/access.ts";
import { isUuid } from "../ids.ts";
import { documentSummaryColumnsFor, documentSummaryView } from "./document-view.ts";

/** One document the caller may read, with its content, metadata and its folder's slug path. */
export async function getDocument(
  db: Executor,
  caller: DossierCaller,
  documentId: string,
): Promise<Document> {
  if (!caller.organizationId || !isUuid(documentId)) throw notFound("Document");
  const rows = await db
    .select({
      ...documentSummaryColumnsFor(caller),
      htmlContent: documents.htmlContent,
      metadata: documents.metadata,
      folderPath: folders.path,
      folderRank: folderRankSql(caller).mapWith(Number),
    })
    .from(documents)
    .leftJoin(folders, eq(folders.id, documents.folderId))
    .where(and(eq(documents.id, documentId), readableDocumentsCondition(caller)));
  const row = rows[0];
  if (!row) throw notFound("Document");
  return {
    ...documentSummaryView(row),
    htmlContent: row.htmlContent,
    metadata: row.metadata,
    // The path of a folder the caller cannot open is not theirs to know.
    folderPath: row.folderRank >= 1 ? row.folderPath : null,
  };
}

/** One document's summary as the caller sees it (after a change). */
export async function getDocumentSummary(
  db: Executor,
  caller: DossierCaller,
  documentId: string,
): Promise<DocumentSummary> {
  const [row] = await getManyDocumentRows(db, caller, [documentId]);
  if (!row) throw notFound("Document");
  return documentSummaryView(row);
}

/** Summary rows of the documents among `ids` the caller may read (any order). */
export function getManyDocumentRows(db: Executor, caller: DossierCaller, ids: string[]) {
  return db
    .select(documentSummaryColumnsFor(caller))
    .from(documents)
    .where(and(inArray(documents.id, ids), readableDocumentsCondition(caller)));
}

/** Documents by id, in the order asked; unknown ids and those the caller may not read are left out. */
export async function getManyDocuments(
  db: Executor,
  caller: DossierCaller,
  documentIds: string[],
): Promise<DocumentSummary[]> {
  const ids = [...new Set(documentIds.filter(isUuid).map((id) => id.toLowerCase()))];
  if (!caller.organizationId || ids.length === 0) return [];
  const byId = new Map((await getManyDocumentRows(db, caller, ids)).map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [documentSummaryView(row)] : [];
  });
}
