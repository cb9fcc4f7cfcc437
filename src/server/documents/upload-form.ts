import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { AppError, type ErrorCode } from "#shared/errors.ts";
import { FILE_TYPE_INFO, type FileType } from "#shared/file-types.ts";
import type { Services } from "../api/context.ts";
import type { Identity } from "../auth/identity.ts";
import { newId } from "../ids.ts";
import { folderInOrganization } from "./access.ts";
import { ContentInspector, claimedFileType, cleanFileName, FileRejected } from "./sniff.ts";

/**
 * The multipart form of an upload, read as it streams: each `file` field
 * goes through a ContentInspector into blob storage (never whole in memory),
 * and the `folderId` field is checked as soon as it is read.
 */

export const MAX_FILES_PER_UPLOAD = 50;

export type StoredFile = {
  ok: true;
  fileName: string;
  documentId: string;
  storageId: string;
  type: FileType;
  size: number;
};
export type RefusedFile = { ok: false; fileName: string; code: ErrorCode; message: string };
type Outcome = StoredFile | RefusedFile;

/** The multipart form as read: each file stored or refused, and what its fields said. */
export interface UploadForm {
  folderId: string | null;
  folderCheck?: FolderCheck;
  tooManyFiles: boolean;
  /** The request was cut off or is not valid multipart. */
  cutOff: boolean;
  stored: StoredFile[];
  refused: RefusedFile[];
}

/** Stream the form's files into storage (each through its inspector) as they arrive. */
export async function readUploadForm(
  services: Services,
  identity: Identity,
  organizationId: string,
  request: Request,
  body: ReadableStream<Uint8Array>,
): Promise<UploadForm> {
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
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "Send the files as multipart/form-data, each in a 'file' field.",
    );
  }

  const form: UploadForm = {
    folderId: null,
    tooManyFiles: false,
    cutOff: false,
    stored: [],
    refused: [],
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

  try {
    await pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), parser);
  } catch {
    form.cutOff = true;
  }
  for (const outcome of await Promise.all(outcomes)) {
    if (outcome.ok) form.stored.push(outcome);
    else form.refused.push(outcome);
  }
  return form;
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
    if (folderFound === false) throw new FileRejected("BAD_REQUEST", "Folder not found.");
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
      return { ok: false, fileName, code: error.code, message: error.message };
    }
    services.log.error({ err: error, storageId }, "upload: could not store a file");
    return {
      ok: false,
      fileName,
      code: "INTERNAL",
      message: `'${fileName}' could not be stored. Please try again.`,
    };
  }
}

/** Delete stored blobs; a failure is logged, never thrown (the request already has its answer). */
export async function deleteBlobs(services: Services, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await services.storage.delete(keys);
  } catch (error) {
    services.log.error({ err: error, keys }, "upload: could not delete refused blobs");
  }
}
