import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { AppError } from "#shared/errors.ts";
import { auditExportRoutes } from "../admin/audit/audit-export-routes.ts";
import { adminDocumentRoutes } from "../admin/looks/admin-document-routes.ts";
import type { Services } from "../api/context.ts";
import { functionRoutes } from "../api/function-routes.ts";
import type { Registry } from "../api/registry.ts";
import { authRoutes } from "../auth/auth-routes.ts";
import { chatRoutes } from "../chat/chat-routes.ts";
import { documentRoutes } from "../documents/document-routes.ts";
import { previewRoutes } from "../documents/preview-routes.ts";
import { draftRoutes } from "../drafts/draft-routes.ts";
import { moduleCallbackRoutes } from "../modules/executions/callback-routes.ts";
import { demoAutomationRoutes } from "../modules/webhooks/demo-automation.ts";
import { DEMO_AUTOMATION_PATH } from "../modules/webhooks/demo-automation-path.ts";
import { tableRoutes } from "../tables/export-routes.ts";
import { voiceRoutes } from "../voice/voice-routes.ts";
import { headerBodyLimit } from "./body-limit.ts";
import { answerErrors, errorResponse } from "./error-response.ts";
import type { AppEnv } from "./request-info.ts";
import { securityHeaders } from "./security-headers.ts";
import { webAppRoutes } from "./web-app.ts";

export interface AppOptions {
  services: Services;
  registry: Registry;
  /** Tracks requests in flight so shutdown can wait for them. */
  inFlight: { count: number };
  distDir?: string;
}

const MODULE_CALLBACK_PATH = /^\/api\/modules\/executions\/[^/]+\/callback$/;

export function createApp({ services, registry, inFlight, distDir }: AppOptions) {
  const app = new Hono<AppEnv>();
  const { config, log } = services;

  // Each request's line at debug level only; whether it is on is read once (a level change at
  // run time is not looked for: LOG_LEVEL is set at start).
  const logRequests = log.isLevelEnabled("debug");
  app.use("*", async (c, next) => {
    inFlight.count++;
    const started = logRequests ? performance.now() : 0;
    try {
      await next();
    } finally {
      inFlight.count--;
      if (logRequests) {
        log.debug(
          {
            method: c.req.method,
            path: c.req.path,
            status: c.res.status,
            ms: Math.round(performance.now() - started),
          },
          "request",
        );
      }
    }
  });
  app.use("*", securityHeaders({ https: config.publicUrl.startsWith("https://") }));
  // Uploads and recordings stream and enforce their own limits (MAX_UPLOAD_BYTES, 25 MB), module
  // callback bodies MODULE_CALLBACK_MAX_BYTES (they carry results); everything else is JSON.
  const jsonBodyLimit = headerBodyLimit({
    maxSize: config.maxJsonBodyBytes,
    onError: () =>
      errorResponse(
        new AppError(
          "PAYLOAD_TOO_LARGE",
          `The request body is too large (limit ${Math.round(config.maxJsonBodyBytes / 1024)} KB).`,
        ),
        log,
      ),
  });
  const ownLimit = new Set(["/api/documents/upload", "/api/voice/transcribe"]);
  app.use("/api/*", (c, next) =>
    ownLimit.has(c.req.path) || MODULE_CALLBACK_PATH.test(c.req.path)
      ? next()
      : jsonBodyLimit(c, next),
  );

  app.get("/api/health", async (c) => {
    c.header("Cache-Control", "no-store");
    try {
      await services.database.db.execute(sql`select 1`);
      return c.json({ status: "ok", database: services.database.kind });
    } catch (error) {
      log.error({ err: error }, "health check failed");
      return c.json({ status: "error", database: services.database.kind }, 503);
    }
  });
  // Each sub-app serves one prefix and answers its errors itself (see error-response.ts).
  app.route("/api", functionRoutes(services, registry));
  app.route("/api/auth", authRoutes(services));
  app.route("/api/documents", documentRoutes(services));
  app.route("/api/drafts", draftRoutes(services));
  app.route("/api/document-preview", previewRoutes(services));
  app.route("/api/chat", chatRoutes(services));
  app.route("/api/modules", moduleCallbackRoutes(services));
  app.route(DEMO_AUTOMATION_PATH, demoAutomationRoutes(services));
  app.route("/api/voice", voiceRoutes(services));
  app.route("/api/tables", tableRoutes(services));
  app.route("/api/admin/documents", adminDocumentRoutes(services));
  app.route("/api/admin/audit", auditExportRoutes(services));
  app.all("/api/*", (c) => {
    throw new AppError("NOT_FOUND", `No API route ${c.req.method} ${c.req.path}.`);
  });
  app.route("/", webAppRoutes(config, distDir));
  app.onError(answerErrors(log));
  return app;
}
