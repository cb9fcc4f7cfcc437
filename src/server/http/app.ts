import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { INTERNAL_ERROR_MESSAGE } from "#shared/errors.ts";
import type { Services } from "../api/context.ts";
import type { Registry } from "../api/registry.ts";
import { chatRoutes } from "../chat/chat-routes.ts";
import { authRoutes } from "./auth-routes.ts";
import { documentRoutes } from "./document-routes.ts";
import { FUNCTION_ERROR_STATUS, jsonResponse } from "./error-body.ts";
import { functionRoutes } from "./function-routes.ts";
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

export function createApp({ services, registry, inFlight, distDir }: AppOptions) {
  const app = new Hono<AppEnv>();
  const { config, log } = services;

  app.use("*", async (c, next) => {
    inFlight.count++;
    const started = performance.now();
    try {
      await next();
    } finally {
      inFlight.count--;
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
  });
  app.use("*", securityHeaders({ https: config.publicUrl.startsWith("https://") }));
  // Uploads stream and enforce MAX_UPLOAD_BYTES themselves; everything else is JSON.
  const jsonBodyLimit = bodyLimit({
    maxSize: config.maxJsonBodyBytes,
    onError: (c) =>
      c.json(
        {
          status: "error",
          errorMessage: `The request body is too large (limit ${Math.round(config.maxJsonBodyBytes / 1024)} KB).`,
          errorData: { code: "PAYLOAD_TOO_LARGE" },
          logLines: [],
        },
        413,
      ),
  });
  app.use("/api/*", (c, next) =>
    c.req.path === "/api/documents/upload" ? next() : jsonBodyLimit(c, next),
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
  app.route("/", functionRoutes(services, registry));
  app.route("/", authRoutes(services));
  app.route("/", documentRoutes(services));
  app.route("/", chatRoutes(services));
  app.all("/api/*", (c) =>
    c.json(
      {
        status: "error",
        errorMessage: `No API route ${c.req.method} ${c.req.path}.`,
        errorData: { code: "NOT_FOUND" },
        logLines: [],
      },
      404,
    ),
  );
  app.route("/", webAppRoutes(config, distDir));

  app.onError((error, c) => {
    log.error({ err: error, path: c.req.path }, "unhandled error");
    const status = c.req.path.startsWith("/api/") ? FUNCTION_ERROR_STATUS : 500;
    return jsonResponse(
      {
        status: "error",
        errorMessage: INTERNAL_ERROR_MESSAGE,
        errorData: { code: "INTERNAL" },
        logLines: [],
      },
      status,
    );
  });
  return app;
}
