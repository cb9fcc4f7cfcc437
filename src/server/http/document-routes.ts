import { Hono } from "hono";
import type { Services } from "../api/context.ts";
import type { AppEnv } from "./request-info.ts";

/**
 * Dossier HTTP routes: POST /api/documents/upload (multipart, streamed),
 * GET /api/documents/{id}/download, GET /api/document-preview/{storageId}.
 */
export function documentRoutes(_services: Services) {
  const app = new Hono<AppEnv>();
  return app;
}
