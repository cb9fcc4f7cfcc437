import { type Context, Hono } from "hono";
import { AppError, forbidden } from "#shared/errors.ts";
import { downloadFileName } from "#shared/rules/download-file-name.ts";
import { LOOK_ACTIONS } from "#shared/schemas/audit.ts";
import type { Services } from "../../api/context.ts";
import { requireCaller } from "../../auth/request-caller.ts";
import { blobResponse } from "../../documents/blob-response.ts";
import { contentDisposition } from "../../documents/document-routes.ts";
import { answerErrors } from "../../http/error-response.ts";
import { type AppEnv, requestInfo } from "../../http/request-info.ts";
import { findAnyDocument } from "./get-document.ts";
import { recordLook } from "./record-look.ts";

/** What the preview renderer may have produced. */
const PREVIEW_TYPES: ReadonlySet<string> = new Set(["image/png", "image/jpeg", "image/webp"]);

/**
 * /api/admin/documents/{id}/download and /preview: a superadmin's copy of
 * any document's file or preview image (decision 024). A separate path from
 * /api/documents, whose access stays dossier/access.ts's alone; each answer
 * is a recorded look at the document (the same line as opening it in
 * /admin/dossier, within its window).
 */
export function adminDocumentRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.onError(answerErrors(services.log));

  async function lookedAt(c: Context<AppEnv>) {
    const caller = await requireCaller(services, c, { sameOrigin: false });
    if (!caller.identity.isSuperadmin) throw forbidden();
    const document = await findAnyDocument(services.database.db, c.req.param("documentId") ?? "");
    if (!document) throw new AppError("NOT_FOUND", "Document not found.");
    await recordLook(
      { services, user: caller.identity, request: requestInfo(c, services.config.trustProxy) },
      {
        action: LOOK_ACTIONS.document,
        organizationId: document.organizationId,
        targetType: "document",
        targetId: document.id,
        subjectUserId: document.ownerId,
        targetName: document.name,
      },
    );
    return document;
  }

  app.get("/:documentId/download", async (c) => {
    const document = await lookedAt(c);
    const response = await blobResponse(services.storage, document.storageId, document.mimeType, {
      "Cache-Control": "private, no-store",
      "Content-Disposition": contentDisposition(downloadFileName(document)),
    });
    if (response) return response;
    throw new AppError("NOT_FOUND", "The file of this document is missing.");
  });

  app.get("/:documentId/preview", async (c) => {
    const document = await lookedAt(c);
    const rendered = document.previewStorageId;
    const type = document.previewContentType ?? "";
    if (rendered && PREVIEW_TYPES.has(type)) {
      const response = await blobResponse(services.storage, rendered, type, {
        // Not cached: every view of a preview goes through the look above.
        "Cache-Control": "private, no-store",
      });
      if (response) return response;
    }
    throw new AppError("NOT_FOUND", "This document has no preview.");
  });

  return app;
}
