import { Readable } from "node:stream";
import { type Context, Hono } from "hono";
import { AUTHENTICATION_REQUIRED, isAppError } from "#shared/errors.ts";
import { downloadFileName } from "#shared/rules/download-file-name.ts";
import type { Services } from "../api/context.ts";
import {
  type DocumentRow,
  findDocumentById,
  findDocumentByStorageId,
  identifyRequest,
} from "../documents/access.ts";
import {
  PREVIEW_CACHE_CONTROL,
  placeholderResponse,
  proxyPreview,
} from "../documents/preview-placeholder.ts";
import { receiveUpload } from "../documents/upload.ts";
import { isValidBlobKey } from "../storage/blob-storage.ts";
import { originAllowed } from "./origin.ts";
import type { AppEnv } from "./request-info.ts";

/** Document types whose original bytes may stand in as their own preview (never SVG: it can carry script). */
const RASTER_TYPES: ReadonlySet<string> = new Set(["png", "jpg", "gif", "webp"]);
/** What the preview renderer may have produced. */
const PREVIEW_TYPES: ReadonlySet<string> = new Set(["image/png", "image/jpeg", "image/webp"]);

/**
 * Dossier HTTP routes: POST /api/documents/upload (multipart, streamed),
 * GET /api/documents/{id}/download, GET /api/document-preview/{storageId}.
 * Each authenticates by bearer token or the access cookie.
 */
export function documentRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  const { config, log } = services;

  /** The caller, or undefined when there is none or their token is no good. */
  const callerOf = async (c: Context) => {
    try {
      return (await identifyRequest(services, c)) ?? undefined;
    } catch (error) {
      if (isAppError(error) && error.code === "UNAUTHENTICATED") return undefined;
      throw error;
    }
  };
  const errorJson = (c: Context, status: 401 | 403 | 404, message: string, code: string) => {
    c.header("Cache-Control", "no-store");
    return c.json({ status: "error", errorMessage: message, errorData: { code } }, status);
  };

  app.post("/api/documents/upload", async (c) => {
    const caller = await callerOf(c);
    if (!caller) return errorJson(c, 401, AUTHENTICATION_REQUIRED, "UNAUTHENTICATED");
    if (
      caller.via === "cookie" &&
      !originAllowed(c.req.header("origin"), c.req.header("host"), config.publicOrigin)
    ) {
      return errorJson(c, 403, "Cross-site request refused.", "FORBIDDEN");
    }
    const result = await receiveUpload({
      services,
      identity: caller.identity,
      request: c.req.raw,
    });
    c.header("Cache-Control", "no-store");
    return c.json(result.body, result.status);
  });

  app.get("/api/documents/:documentId/download", async (c) => {
    const caller = await callerOf(c);
    if (!caller) return errorJson(c, 401, AUTHENTICATION_REQUIRED, "UNAUTHENTICATED");
    const document = await findDocumentById(
      services.database.db,
      caller.identity,
      c.req.param("documentId"),
    );
    if (!document) return errorJson(c, 404, "Document not found.", "NOT_FOUND");
    const response = await blobResponse(document.storageId, document.mimeType, {
      "Cache-Control": "private",
      "Content-Disposition": contentDisposition(downloadFileName(document)),
    });
    if (response) return response;
    log.error({ documentId: document.id, storageId: document.storageId }, "download: blob missing");
    return errorJson(c, 404, "The file of this document is missing.", "NOT_FOUND");
  });

  app.get("/api/document-preview/:storageId{.+}", async (c) => {
    const storageId = c.req.param("storageId");
    if (config.previewUpstreamUrl) {
      if (!isValidBlobKey(storageId)) return placeholderResponse("proxy-error", 400);
      return proxyPreview(config.previewUpstreamUrl, storageId, (reason) =>
        log.warn({ err: reason, storageId }, "preview proxy failed"),
      );
    }
    const caller = await callerOf(c);
    if (!caller) return placeholderResponse("unavailable", 401);
    const document = await findDocumentByStorageId(
      services.database.db,
      caller.identity,
      storageId,
    );
    if (!document) return placeholderResponse("unavailable", 404);
    try {
      return (await previewOf(document)) ?? placeholderResponse("unavailable");
    } catch (error) {
      log.error({ err: error, documentId: document.id }, "preview: could not read the image");
      return placeholderResponse("unavailable", 500);
    }
  });

  /** The rendered preview, or a raster image's own bytes; undefined when there is neither. */
  async function previewOf(document: DocumentRow): Promise<Response | undefined> {
    const cache = { "Cache-Control": PREVIEW_CACHE_CONTROL };
    const rendered = document.previewStorageId;
    const type = document.previewContentType ?? "";
    if (rendered && PREVIEW_TYPES.has(type)) {
      const response = await blobResponse(rendered, type, cache);
      if (response) return response;
    }
    if (RASTER_TYPES.has(document.fileType)) {
      return blobResponse(document.storageId, document.mimeType, cache);
    }
    return undefined;
  }

  /** A blob streamed with its length and type; undefined when the blob is missing. */
  async function blobResponse(
    key: string,
    contentType: string,
    headers: Record<string, string>,
  ): Promise<Response | undefined> {
    const info = await services.storage.stat(key);
    const stream = info ? await services.storage.get(key) : undefined;
    if (!info || !stream) return undefined;
    return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
      headers: {
        ...headers,
        "Content-Type": contentType,
        "Content-Length": String(info.size),
        "X-Content-Type-Options": "nosniff",
      },
    });
  }

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
