import type { ContentfulStatusCode } from "hono/utils/http-status";
import { AppError, forbidden } from "#shared/errors.ts";
import { FILE_TYPE_INFO } from "#shared/file-types.ts";
import type { UploadResponse } from "#shared/schemas/upload.ts";
import type { Services } from "../api/context.ts";
import type { Identity } from "../auth/identity.ts";
import { documents } from "../db/schema.ts";
import { HTTP_STATUS } from "../http/error-response.ts";
import { enqueueProcessing } from "../ingest/enqueue-processing.ts";
import { folderInOrganization } from "./access.ts";
import {
  deleteBlobs,
  MAX_FILES_PER_UPLOAD,
  readUploadForm,
  type StoredFile,
  type UploadForm,
} from "./upload-form.ts";

/**
 * POST /api/documents/upload: multipart with an optional `folderId` field and
 * one or more `file` fields. Each file streams through a ContentInspector into
 * blob storage, never whole in memory. Results are per file: the accepted ones
 * become `pending` documents with a processing job (one transaction), the
 * refused ones are listed with a message naming the file.
 */

export interface UploadResult {
  status: ContentfulStatusCode;
  body: UploadResponse;
}

/**
 * Receive one upload request: refused as a whole (an AppError, nothing left
 * behind) or answered per file.
 */
export async function receiveUpload(options: {
  services: Services;
  identity: Identity;
  request: Request;
}): Promise<UploadResult> {
  const { services, identity, request } = options;
  const organizationId = identity.organizationId;
  if (!organizationId) throw forbidden("Only members of an organization can upload documents.");
  if (!request.body) throw new AppError("BAD_REQUEST", "Choose at least one file to upload.");

  const form = await readUploadForm(services, identity, organizationId, request, request.body);
  try {
    await checkForm(form);
    if (form.stored.length > 0) {
      const saved = await saveDocuments(services, identity, organizationId, form);
      if (!saved) throw folderNotFound();
    }
  } catch (error) {
    await deleteBlobs(
      services,
      form.stored.map((s) => s.storageId),
    );
    throw error;
  }
  return answerOf(form);
}

const folderNotFound = () => new AppError("NOT_FOUND", "Folder not found.");

/** Throws what refuses the whole request: a cut-off body, a folder not found, no file at all. */
async function checkForm(form: UploadForm): Promise<void> {
  if (form.cutOff) {
    throw new AppError("BAD_REQUEST", "The upload was cut off or malformed. Please try again.");
  }
  const folderFound = await form.folderCheck;
  if (folderFound instanceof Error) throw folderFound;
  if (folderFound === false) throw folderNotFound();
  if (form.stored.length + form.refused.length === 0) {
    throw new AppError("BAD_REQUEST", "Choose at least one file to upload.");
  }
}

/** 200 with each file's result; when none was taken, the first refusal's status and message. */
function answerOf(form: UploadForm): UploadResult {
  const errors = form.refused.map((r) => ({ fileName: r.fileName, message: r.message }));
  if (form.tooManyFiles) {
    errors.push({
      fileName: "",
      message: `Upload at most ${MAX_FILES_PER_UPLOAD} files at once; the rest were skipped.`,
    });
  }
  const body: UploadResponse = {
    documents: form.stored.map((s) => ({ _id: s.documentId, name: s.fileName })),
    errors,
  };
  const first = form.refused[0];
  if (form.stored.length > 0 || !first) return { status: 200, body };
  return {
    status: HTTP_STATUS[first.code],
    body: { ...body, errorMessage: first.message, errorData: { code: first.code } },
  };
}

async function saveDocuments(
  services: Services,
  identity: Identity,
  organizationId: string,
  form: UploadForm,
): Promise<boolean> {
  try {
    return await insertDocuments(services, identity, organizationId, form.folderId, form.stored);
  } catch (error) {
    // The folder was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) return false;
    throw error;
  }
}

/** The rows and their processing jobs, in one transaction; false when the folder is not there. */
async function insertDocuments(
  services: Services,
  identity: Identity,
  organizationId: string,
  folderId: string | null,
  stored: StoredFile[],
): Promise<boolean> {
  return services.database.db.transaction(async (tx) => {
    if (folderId && !(await folderInOrganization(tx, identity, folderId))) return false;
    await tx.insert(documents).values(
      stored.map((s) => ({
        id: s.documentId,
        organizationId,
        folderId,
        ownerId: identity.userId,
        storageId: s.storageId,
        name: s.fileName,
        fileNameOriginal: s.fileName,
        fileType: s.type,
        mimeType: FILE_TYPE_INFO[s.type].mimeType,
        size: s.size,
        processingStatus: "pending" as const,
      })),
    );
    for (const s of stored) {
      await enqueueProcessing(tx, { organizationId, documentId: s.documentId });
    }
    return true;
  });
}

function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  return e?.code === "23503" || e?.cause?.code === "23503";
}
