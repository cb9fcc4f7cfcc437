import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { FILE_TYPE_INFO, type FileType } from "#shared/file-types.ts";
import type { Identity, Services } from "../api/context.ts";
import { documents } from "../db/schema.ts";
import { newId } from "../ids.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { folderInOrganization } from "./access.ts";
import { ContentInspector, claimedFileType, cleanFileName, FileRejected } from "./sniff.ts";

/**
 * POST /api/documents/upload: multipart with an optional `folderId` field and
 * one or more `file` fields. Each file streams through a ContentInspector into
 * blob storage, never whole in memory. Results are per file: the accepted ones
 * become `pending` documents with a processing job (one transaction), the
 * refused ones are listed with a message naming the file.
 */

export const MAX_FILES_PER_UPLOAD = 50;
export const PROCESS_DOCUMENT_JOB = "process-document";

export interface UploadResponseBody {
  documents: { _id: string; name: string }[];
  errors: { fileName: string; message: string }[];
  /** Set when nothing was accepted: the first reason, for a toast. */
  errorMessage?: string;
  errorData?: { code: string };
}

export interface UploadResult {
  status: 200 | 400 | 403 | 404 | 413 | 415 | 500;
  body: UploadResponseBody;
}

type Outcome =
  | {
      ok: true;
      fileName: string;
      documentId: string;
      storageId: string;
      type: FileType;
      size: number;
    }
  | { ok: false; fileName: string; status: 400 | 413 | 415 | 500; message: string };

const CODES = {
  400: "BAD_REQUEST",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  413: "PAYLOAD_TOO_LARGE",
  415: "BAD_REQUEST",
  500: "INTERNAL",
} as const;

const failure = (status: Exclude<UploadResult["status"], 200>, message: string): UploadResult => ({
  status,
  body: { documents: [], errors: [], errorMessage: message, errorData: { code: CODES[status] } },
});

export async function receiveUpload(options: {
  services: Services;
  identity: Identity;
  request: Request;
}): Promise<UploadResult> {
  const { services, identity, request } = options;
  const organizationId = identity.organizationId;
  if (!organizationId) return failure(403, "Only members of an organization can upload documents.");
  if (!request.body) return failure(400, "Choose at least one file to upload.");

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      defParamCharset: "utf8",
      limits: {
        files: MAX_FILES_PER_UPLOAD,
        fields: 10,
        fieldSize: 1024,
        parts: MAX_FILES_PER_UPLOAD + 10,
        // A safety net: the inspector refuses the file at maxUploadBytes + 1.
        fileSize: services.config.maxUploadBytes + 1,
      },
    });
  } catch {
    return failure(415, "Send the files as multipart/form-data, each in a 'file' field.");
  }

  // Filled in by the parser's events (an object, so TypeScript sees the writes).
  const form: { folderId: string | null; folderCheck?: FolderCheck; tooManyFiles: boolean } = {
    folderId: null,
    tooManyFiles: false,
  };
  const outcomes: Promise<Outcome>[] = [];

  parser.on("field", (name, value) => {
    if (name !== "folderId") return;
    form.folderId = value.trim() || null;
    // Known early, a wrong folder stops the files that follow from being stored.
    form.folderCheck = form.folderId ? checkFolder(services, identity, form.folderId) : undefined;
  });
  parser.on("file", (name, file, info) => {
    // A cut-off request errors every open file stream; the parser's own error reports it.
    file.on("error", () => undefined);
    if (name !== "file") {
      file.resume();
      return;
    }
    outcomes.push(receiveFile(services, organizationId, file, info.filename, form.folderCheck));
  });
  parser.on("filesLimit", () => {
    form.tooManyFiles = true;
  });

  let cutOff = false;
  try {
    await pipeline(Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>), parser);
  } catch {
    cutOff = true;
  }
  const results = await Promise.all(outcomes);
  const stored = results.filter((r) => r.ok);
  const refused = results.filter((r) => !r.ok);
  const discard = () =>
    deleteBlobs(
      services,
      stored.map((s) => s.storageId),
    );

  if (cutOff) {
    await discard();
    return failure(400, "The upload was cut off or malformed. Please try again.");
  }
  const folderFound = await form.folderCheck;
  if (folderFound instanceof Error) {
    await discard();
    throw folderFound;
  }
  if (folderFound === false) {
    await discard();
    return failure(404, "Folder not found.");
  }
  if (results.length === 0) return failure(400, "Choose at least one file to upload.");

  if (stored.length > 0) {
    let saved: boolean;
    try {
      saved = await saveDocuments(services, identity, organizationId, form.folderId, stored);
    } catch (error) {
      await discard();
      throw error;
    }
    if (!saved) {
      await discard();
      return failure(404, "Folder not found.");
    }
  }

  const errors = refused.map((r) => ({ fileName: r.fileName, message: r.message }));
  if (form.tooManyFiles) {
    errors.push({
      fileName: "",
      message: `Upload at most ${MAX_FILES_PER_UPLOAD} files at once; the rest were skipped.`,
    });
  }
  const body: UploadResponseBody = {
    documents: stored.map((s) => ({ _id: s.documentId, name: s.fileName })),
    errors,
  };
  if (stored.length > 0) return { status: 200, body };
  const first = refused[0]!;
  return {
    status: first.status,
    body: { ...body, errorMessage: first.message, errorData: { code: CODES[first.status] } },
  };
}

/**
 * Whether the form's folder is the caller's, started as soon as the field is
 * read. A failed lookup resolves to its error (thrown where it is awaited), so
 * it is never an unhandled rejection when the request ends early.
 */
type FolderCheck = Promise<boolean | Error>;

function checkFolder(services: Services, identity: Identity, folderId: string): FolderCheck {
  return folderInOrganization(services.database.db, identity, folderId).catch((error: unknown) =>
    error instanceof Error ? error : new Error(String(error)),
  );
}

/** Stream one file into storage through the inspector; never rejects. */
async function receiveFile(
  services: Services,
  organizationId: string,
  file: Readable,
  rawName: string | undefined,
  folderCheck: FolderCheck | undefined,
): Promise<Outcome> {
  const fileName = cleanFileName(rawName);
  const documentId = newId();
  const storageId = `${organizationId}/${documentId}`;
  let inspector: ContentInspector | undefined;
  try {
    const type = claimedFileType(fileName);
    // A folder known to be wrong: do not store anything (the request answers 404).
    const folderFound = await folderCheck;
    if (folderFound instanceof Error) throw folderFound;
    if (folderFound === false) throw new FileRejected(400, "Folder not found.");
    inspector = new ContentInspector({
      fileName,
      claimed: type,
      maxBytes: services.config.maxUploadBytes,
    });
    const target = inspector;
    // The inspector may refuse the file before storage starts reading it: the
    // error must not go unheard meanwhile (storage.put sees it as a destroyed stream).
    target.on("error", () => undefined);
    file.on("error", (error) => target.destroy(error));
    file.pipe(target);
    const { size } = await services.storage.put(storageId, target, {
      contentType: FILE_TYPE_INFO[type].mimeType,
    });
    return { ok: true, fileName, documentId, storageId, type, size };
  } catch (error) {
    if (inspector) file.unpipe(inspector);
    // Drain the rest so the next part of the form can be read.
    file.resume();
    if (inspector) await deleteBlobs(services, [storageId]);
    if (error instanceof FileRejected) {
      return { ok: false, fileName, status: error.status, message: error.message };
    }
    services.log.error({ err: error, storageId }, "upload: could not store a file");
    return {
      ok: false,
      fileName,
      status: 500,
      message: `'${fileName}' could not be stored. Please try again.`,
    };
  }
}

async function saveDocuments(
  services: Services,
  identity: Identity,
  organizationId: string,
  folderId: string | null,
  stored: Extract<Outcome, { ok: true }>[],
): Promise<boolean> {
  try {
    return await insertDocuments(services, identity, organizationId, folderId, stored);
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
  stored: Extract<Outcome, { ok: true }>[],
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
      await enqueueJob(tx, {
        kind: PROCESS_DOCUMENT_JOB,
        organizationId,
        payload: { documentId: s.documentId },
      });
    }
    return true;
  });
}

async function deleteBlobs(services: Services, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await services.storage.delete(keys);
  } catch (error) {
    services.log.error({ err: error, keys }, "upload: could not delete refused blobs");
  }
}

function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  return e?.code === "23503" || e?.cause?.code === "23503";
}
