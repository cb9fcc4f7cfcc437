import { Hono } from "hono";
import { AppError } from "#shared/errors.ts";
import { downloadFileName } from "#shared/rules/download-file-name.ts";
import type { Services } from "../api/context.ts";
import { requireCaller } from "../auth/request-caller.ts";
import { answerErrors } from "../http/error-response.ts";
import type { AppEnv } from "../http/request-info.ts";
import { findDocumentById } from "./access.ts";
import { blobResponse } from "./blob-response.ts";
import { signedDownloadRoutes } from "./signed-download.ts";
import { receiveUpload } from "./upload.ts";

/**
 * /api/documents: POST /upload (multipart, streamed) and GET
 * /{id}/download. Each authenticates by bearer token or the access cookie
 * (the upload, which changes something, only from this app's own pages).
 */
export function documentRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  const { log } = services;
  app.onError(answerErrors(log));

  app.post("/upload", async (c) => {
    const caller = await requireCaller(services, c, { sameOrigin: true });
    const result = await receiveUpload({ services, identity: caller.identity, request: c.req.raw });
    c.header("Cache-Control", "no-store");
    return c.json(result.body, result.status);
  });

  app.route("/signed", signedDownloadRoutes(services));

  app.get("/:documentId/download", async (c) => {
    const caller = await requireCaller(services, c, { sameOrigin: false });
    const document = await findDocumentById(
      services.database.db,
      caller.identity,
      c.req.param("documentId"),
    );
    if (!document) throw new AppError("NOT_FOUND", "Document not found.");
    const response = await blobResponse(services.storage, document.storageId, document.mimeType, {
      "Cache-Control": "private",
      "Content-Disposition": contentDisposition(downloadFileName(document)),
    });
    if (response) return response;
    log.error({ documentId: document.id, storageId: document.storageId }, "download: blob missing");
    throw new AppError("NOT_FOUND", "The file of this document is missing.");
  });

  return app;
}

/**
 * `attachment` with the name as is when it is plain ASCII, else an ASCII
 * fallback plus the exact name as RFC 5987 `filename*` (UTF-8, percent-encoded).
 */
export function contentDisposition(name: string): string {
  const fileName = name.toWellFormed();
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  if (fallback === fileName) return `attachment; filename="${fileName}"`;
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
