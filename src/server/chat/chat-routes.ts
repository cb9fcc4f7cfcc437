import { Hono } from "hono";
import type { Services } from "../api/context.ts";
import type { AppEnv } from "../http/request-info.ts";

/** AI chat over HTTP: POST /api/chat streams; GET /api/chat?chatId= resumes. */
export function chatRoutes(_services: Services) {
  const app = new Hono<AppEnv>();
  return app;
}
