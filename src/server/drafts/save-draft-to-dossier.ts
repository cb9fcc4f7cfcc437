import { eq } from "drizzle-orm";
import { AppError, conflict } from "#shared/errors.ts";
import { FILE_TYPE_INFO, type FileType, fileTypeForName } from "#shared/file-types.ts";
import type { DraftSaveFormat } from "#shared/schemas/draft.ts";
import type { FunctionCtx } from "../api/context.ts";
import { documents, drafts } from "../db/schema.ts";
import { folderInOrganization } from "../documents/access.ts";
import { cleanFileName } from "../documents/sniff.ts";
import { newId } from "../ids.ts";
import { enqueueProcessing } from "../ingest/enqueue-processing.ts";
import { requireOwnDraft } from "./draft-access.ts";
import { draftBlocks, draftPlainText } from "./draft-html.ts";
import type { DraftRow } from "./draft-writes.ts";

export interface SaveDraftOptions {
  draftId: string;
  /** null: the top level of the dossier. */
  folderId: string | null;
  format: DraftSaveFormat;
}

const folderNotFound = () => new AppError("NOT_FOUND", "Folder not found.");

/**
 * Write a draft into the dossier exactly as an upload lands there
 * (documents/upload.ts): the file in blob storage under
 * '<organization>/<document>', a `pending` document owned by the caller with
 * its processing job, in one transaction that also marks the draft saved.
 * A text draft becomes a DOCX or PDF named after its title; a file result
 * is saved as the file it is. The file is written before the transaction
 * (no lock held while it renders) and deleted again if the transaction fails.
 */
export async function saveDraftToDossier(
  ctx: FunctionCtx,
  options: SaveDraftOptions,
): Promise<{ documentId: string }> {
  const caller = ctx.user;
  const organizationId = caller.organizationId;
  const draft = await requireOwnDraft(ctx.db, caller, options.draftId);
  checkSavable(draft);
  if (options.folderId && !(await folderInOrganization(ctx.db, caller, options.folderId))) {
    throw folderNotFound();
  }
  if (!organizationId) throw folderNotFound();

  const documentId = newId();
  const storageId = `${organizationId}/${documentId}`;
  const file = await writeFile(ctx, draft, options.format, storageId);
  try {
    await ctx.transaction(async (tx) => {
      const current = await requireOwnDraft(tx, caller, draft.id, { forUpdate: true });
      checkSavable(current);
      if (current.version !== draft.version) {
        throw conflict("This draft changed while it was being saved. Please try again.");
      }
      if (options.folderId && !(await folderInOrganization(tx, caller, options.folderId))) {
        throw folderNotFound();
      }
      await tx.insert(documents).values({
        id: documentId,
        organizationId,
        folderId: options.folderId,
        ownerId: caller.userId,
        storageId,
        name: file.name,
        fileNameOriginal: file.name,
        fileType: file.type,
        mimeType: FILE_TYPE_INFO[file.type].mimeType,
        size: file.size,
        processingStatus: "pending",
      });
      await enqueueProcessing(tx, { organizationId, documentId });
      await tx
        .update(drafts)
        .set({ status: "saved", savedDocumentId: documentId, updatedAt: new Date() })
        .where(eq(drafts.id, draft.id));
    });
  } catch (error) {
    await ctx.services.storage.delete([storageId]).catch((deleteError: unknown) => {
      ctx.log.error({ err: deleteError, storageId }, "drafts: could not delete an unsaved file");
    });
    throw error;
  }
  return { documentId };
}

function checkSavable(draft: DraftRow): void {
  if (draft.status === "saved") {
    throw conflict("This draft is already saved in the dossier.");
  }
  if (draft.status === "discarded") throw conflict("This draft has been discarded.");
  if (draft.status === "pending") {
    throw conflict("This draft is still being generated. Wait until it is ready to save it.");
  }
  if (!draft.fileStorageId && !draftPlainText(draft.content)) {
    throw conflict("This draft is empty: there is nothing to save.");
  }
}

/** A file name from a draft's title: one path segment, safe, with the extension. */
export function draftFileName(title: string, extension: string): string {
  const stem = title.replace(/[/\\:*?"<>|]+/g, "-").trim() || "Draft";
  return cleanFileName(`${stem}.${extension}`);
}

async function writeFile(
  ctx: FunctionCtx,
  draft: DraftRow,
  format: DraftSaveFormat,
  storageId: string,
): Promise<{ name: string; type: FileType; size: number }> {
  const storage = ctx.services.storage;
  if (draft.fileStorageId) {
    const name = cleanFileName(draft.fileName ?? undefined);
    const type = fileTypeForName(name);
    if (!type) {
      throw new AppError(
        "UNSUPPORTED_MEDIA_TYPE",
        `'${name}' is not a file type the dossier accepts, so it cannot be saved there.`,
      );
    }
    const body = await storage.get(draft.fileStorageId);
    if (!body) throw new AppError("NOT_FOUND", "This draft's file is no longer available.");
    const { size } = await storage.put(storageId, body, {
      contentType: FILE_TYPE_INFO[type].mimeType,
    });
    return { name, type, size };
  }
  const blocks = draftBlocks(draft.content);
  const bytes =
    // docx and pdfmake are loaded on the first save, not at start (decision 032).
    format === "docx"
      ? await (await import("./draft-docx.ts")).draftDocx(draft.title, blocks)
      : await (await import("./draft-pdf.ts")).draftPdf(draft.title, blocks);
  const { size } = await storage.put(storageId, bytes, {
    contentType: FILE_TYPE_INFO[format].mimeType,
  });
  return { name: draftFileName(draft.title, format), type: format, size };
}
