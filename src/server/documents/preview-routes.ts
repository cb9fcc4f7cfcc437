import { Hono } from "hono";
import { isAppError } from "#shared/errors.ts";
import type { Services } from "../api/context.ts";
import { identifyRequest } from "../auth/request-caller.ts";
import { HTTP_STATUS } from "../http/error-response.ts";
import type { AppEnv } from "../http/request-info.ts";
import { isValidBlobKey } from "../storage/blob-storage.ts";
import { type DocumentRow, findDocumentByStorageId } from "./access.ts";
import { blobResponse } from "./blob-response.ts";
import { PREVIEW_CACHE_CONTROL, placeholderResponse, proxyPreview } from "./preview-placeholder.ts";

/** Document types whose original bytes may stand in as their own preview (never SVG: it can carry script). */
const RASTER_TYPES: ReadonlySet<string> = new Set(["png", "jpg", "gif", "webp"]);
/** What the preview renderer may have produced. */
const PREVIEW_TYPES: ReadonlySet<string> = new Set(["image/png", "image/jpeg", "image/webp"]);

/**
 * /api/document-preview/{storageId}: the rendered preview of a document, for
 * an <img>. Every refusal is an image too (an SVG placeholder), with the HTTP
 * status of its error code, so the page shows a tile rather than a broken image.
 */
export function previewRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  const { config, log } = services;
  app.onError((error) => {
    const status = isAppError(error) ? HTTP_STATUS[error.code] : 500;
    if (status === 500) log.error({ err: error }, "preview: could not answer");
    return placeholderResponse("unavailable", status);
  });

  app.get("/:storageId{.+}", async (c) => {
    const storageId = c.req.param("storageId");
    if (config.previewUpstreamUrl) {
      if (!isValidBlobKey(storageId)) return placeholderResponse("proxy-error", 400);
      return proxyPreview(config.previewUpstreamUrl, storageId, (reason) =>
        log.warn({ err: reason, storageId }, "preview proxy failed"),
      );
    }
    const caller = await identifyRequest(services, c);
    if (!caller) return placeholderResponse("unavailable", HTTP_STATUS.UNAUTHENTICATED);
    const document = await findDocumentByStorageId(
      services.database.db,
      caller.identity,
      storageId,
    );
    if (!document) return placeholderResponse("unavailable", HTTP_STATUS.NOT_FOUND);
    return (await previewOf(document)) ?? placeholderResponse("unavailable");
  });

  /** The rendered preview, or a raster image's own bytes; undefined when there is neither. */
  async function previewOf(document: DocumentRow): Promise<Response | undefined> {
    const cache = { "Cache-Control": PREVIEW_CACHE_CONTROL };
    const rendered = document.previewStorageId;
    const type = document.previewContentType ?? "";
    if (rendered && PREVIEW_TYPES.has(type)) {
      const response = await blobResponse(services.storage, rendered, type, cache);
      if (response) return response;
    }
    if (RASTER_TYPES.has(document.fileType)) {
      return blobResponse(services.storage, document.storageId, document.mimeType, cache);
    }
    return undefined;
  }

  return app;
}
