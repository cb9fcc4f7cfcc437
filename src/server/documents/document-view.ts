import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import { documents } from "../db/schema.ts";
import { type DossierCaller, documentAccessColumns, roleOfRank } from "../dossier/access.ts";

/**
 * The columns a document summary needs: never html_content or text_content,
 * which can be megabytes and would make lists slow.
 */
export const documentSummaryColumns = {
  id: documents.id,
  createdAt: documents.createdAt,
  updatedAt: documents.updatedAt,
  storageId: documents.storageId,
  previewStorageId: documents.previewStorageId,
  folderId: documents.folderId,
  ownerId: documents.ownerId,
  name: documents.name,
  title: documents.title,
  fileNameOriginal: documents.fileNameOriginal,
  fileType: documents.fileType,
  mimeType: documents.mimeType,
  primaryTagName: documents.primaryTagName,
  tags: documents.tags,
  size: documents.size,
  processingStatus: documents.processingStatus,
  processingError: documents.processingError,
  summary: documents.summary,
};

/** The summary columns plus the caller's rank, the owner's name and the caller's star. */
export function documentSummaryColumnsFor(caller: DossierCaller) {
  return { ...documentSummaryColumns, ...documentAccessColumns(caller) };
}

export interface DocumentSummaryRow {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  storageId: string;
  previewStorageId: string | null;
  folderId: string | null;
  ownerId: string | null;
  name: string;
  title: string | null;
  fileNameOriginal: string | null;
  fileType: string;
  mimeType: string;
  primaryTagName: string | null;
  tags: string[];
  size: number;
  processingStatus: DocumentSummary["processingStatus"];
  processingError: string | null;
  summary: string | null;
  /**
   * The caller's rank (dossier/access.ts), the owner's name and the caller's
   * star, from documentSummaryColumnsFor. Without them (a row the caller just
   * created), the caller is the owner and has not starred it.
   */
  rank?: number;
  ownerName?: string | null;
  isFavorite?: boolean;
}

/** A document as the API lists it (SPEC's `_id` and `_creationTime` names). */
export function documentSummaryView(row: DocumentSummaryRow): DocumentSummary {
  return {
    _id: row.id,
    _creationTime: row.createdAt.getTime(),
    storageId: row.storageId,
    folderId: row.folderId,
    ownerId: row.ownerId,
    name: row.name,
    title: row.title,
    fileNameOriginal: row.fileNameOriginal,
    // Checked against FILE_TYPES by the contract on the way out.
    fileType: row.fileType as DocumentSummary["fileType"],
    mimeType: row.mimeType,
    primaryTagName: row.primaryTagName,
    tags: row.tags,
    size: row.size,
    processingStatus: row.processingStatus,
    processingError: row.processingError,
    summary: row.summary,
    hasPreview: row.previewStorageId !== null,
    updatedAt: row.updatedAt.getTime(),
    ownerName: row.ownerName ?? null,
    myRole: roleOfRank(row.rank ?? 4) ?? "viewer",
    isFavorite: row.isFavorite ?? false,
  };
}
