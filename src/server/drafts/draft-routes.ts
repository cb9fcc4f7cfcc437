import { Hono } from "hono";
import { AppError } from "#shared/errors.ts";
import type { Services } from "../api/context.ts";
import { requireCaller } from "../auth/request-caller.ts";
import { blobResponse } from "../documents/blob-response.ts";
import { contentDisposition } from "../documents/document-routes.ts";
import { cleanFileName } from "../documents/sniff.ts";
import { answerErrors } from "../http/error-response.ts";
import type { AppEnv } from "../http/request-info.ts";
import { findOwnDraft } from "./draft-access.ts";

/**
 * /api/drafts: GET /{id}/file downloads a file result (an automation sent a
 * file rather than text), for its member only; anyone else's is "not found".
 */
export function draftRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.onError(answerErrors(services.log));

  app.get("/:draftId/file", async (c) => {
    const caller = await requireCaller(services, c, { sameOrigin: false });
    const draft = await findOwnDraft(services.database.db, caller.identity, c.req.param("draftId"));
    if (!draft?.fileStorageId) throw new AppError("NOT_FOUND", "File not found.");
    const response = await blobResponse(
      services.storage,
      draft.fileStorageId,
      draft.fileMimeType ?? "application/octet-stream",
      {
        "Cache-Control": "private",
        "Content-Disposition": contentDisposition(cleanFileName(draft.fileName ?? undefined)),
      },
    );
    if (response) return response;
    throw new AppError("NOT_FOUND", "The file of this draft is missing.");
  });

  return app;
}
