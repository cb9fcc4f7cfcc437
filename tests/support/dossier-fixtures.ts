import { api } from "#shared/api/index.ts";
import type { Folder } from "#shared/schemas/dossier.ts";
import { documentChunks, documents } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { callFn } from "./call-fn.ts";
import { type DbKind, startTestServer, type TestServer, type TestUser } from "./server.ts";

/**
 * Set-up shared by the dossier function tests (dossier-*.test.ts): their server, and folders,
 * documents and chunks made the way the app makes them.
 */

/** The server for dossier tests, without a worker: they set processing states by hand and count the jobs queued. */
export function startDossierServer(kind: DbKind): Promise<TestServer> {
  return startTestServer(kind, { RUN_WORKER: "false" });
}

/** A folder made with folders.create (parentId null or absent: the top level). */
export function createFolder(
  server: TestServer,
  user: TestUser,
  name: string,
  parentId?: string | null,
): Promise<Folder> {
  return callFn(server, api.folders.create, { name, parentId }, user.token);
}

export interface InsertedDocument {
  id: string;
  storageId: string;
  previewStorageId: string | null;
}

/** A document row as the upload makes it, with its bytes (and a preview) in blob storage. */
export async function insertDocument(
  server: TestServer,
  user: TestUser,
  options: {
    folderId?: string | null;
    name?: string;
    status?: "pending" | "processing" | "completed" | "failed";
    error?: string | null;
    size?: number;
    withPreview?: boolean;
    htmlContent?: string | null;
  } = {},
): Promise<InsertedDocument> {
  const { storage, database } = server.running.services;
  const id = newId();
  const storageId = `test/${id}`;
  await storage.put(storageId, Buffer.from(`bytes of ${id}`), { contentType: "text/plain" });
  const previewStorageId = options.withPreview ? `test/${id}-preview` : null;
  if (previewStorageId) {
    await storage.put(previewStorageId, Buffer.from("png"), { contentType: "image/png" });
  }
  await database.db.insert(documents).values({
    id,
    organizationId: user.organizationId,
    folderId: options.folderId ?? null,
    ownerId: user.userId,
    storageId,
    previewStorageId,
    previewContentType: previewStorageId ? "image/png" : null,
    name: options.name ?? `Document ${id.slice(-6)}.txt`,
    fileNameOriginal: options.name ?? "original.txt",
    fileType: "txt",
    mimeType: "text/plain",
    size: options.size ?? 100,
    processingStatus: options.status ?? "completed",
    processingError: options.error ?? null,
    htmlContent: options.htmlContent ?? null,
  });
  return { id, storageId, previewStorageId };
}

/** A searchable passage of a document, as processing stores it. */
export async function insertChunk(
  server: TestServer,
  user: TestUser,
  documentId: string,
  content: string,
  ordinal = 0,
): Promise<void> {
  await server.running.services.database.db.insert(documentChunks).values({
    id: newId(),
    organizationId: user.organizationId,
    documentId,
    ordinal,
    content,
  });
}
