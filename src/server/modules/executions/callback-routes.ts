import { timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "#shared/errors.ts";
import type { Services } from "../../api/context.ts";
import { moduleExecutions, modules } from "../../db/schema.ts";
import { answerErrors, errorResponse } from "../../http/error-response.ts";
import type { AppEnv } from "../../http/request-info.ts";
import { isUuid } from "../../ids.ts";
import { callbackBodySchema } from "../webhooks/callback-body.ts";
import { SIGNATURE_HEADER, verifySignature } from "../webhooks/webhook-signature.ts";
import { applyCallback } from "./apply-callback.ts";
import { hashToken } from "./execution-transitions.ts";

/**
 * POST /api/modules/executions/{executionId}/callback: an automation reports
 * progress, a result or a failure (decision 019). It must show the run's
 * one-time bearer token AND sign the raw body with the module's secret.
 * Refusals, each a JSON error body: oversized 413; unknown run, bad token or
 * signature (or one older than five minutes) 401; expired token 410;
 * finished or cancelled run 409; replayed or out-of-order seq 409; a body
 * that is not a valid callback 400.
 */
export function moduleCallbackRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  const { log } = services;
  app.onError(answerErrors(log));
  const limit = services.config.modules.callbackMaxBytes;
  app.use(
    "/executions/:executionId/callback",
    bodyLimit({
      maxSize: limit,
      onError: () =>
        errorResponse(
          new AppError(
            "PAYLOAD_TOO_LARGE",
            `The callback body is too large (limit ${Math.round(limit / 1024 / 1024)} MB).`,
          ),
          log,
        ),
    }),
  );

  app.post("/executions/:executionId/callback", async (c) => {
    const executionId = c.req.param("executionId");
    const raw = await c.req.text();
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
    const invalid = () =>
      new AppError("UNAUTHENTICATED", "The callback token is missing or not valid.", {
        reason: "invalid_token",
      });
    if (!bearer || !isUuid(executionId)) throw invalid();
    const [found] = await services.database.db
      .select({ execution: moduleExecutions, module: modules })
      .from(moduleExecutions)
      .innerJoin(modules, eq(modules.id, moduleExecutions.moduleId))
      .where(eq(moduleExecutions.id, executionId));
    if (!found?.module.webhookSecret) throw invalid();
    const { execution, module } = found;
    const secret = found.module.webhookSecret;

    const signature = verifySignature(c.req.header(SIGNATURE_HEADER), secret, raw);
    if (!signature.ok) {
      throw new AppError("UNAUTHENTICATED", signature.reason, { reason: "bad_signature" });
    }
    if (execution.status !== "running") {
      throw new AppError(
        "CONFLICT",
        execution.status === "cancelled"
          ? "This run was cancelled; its results are no longer accepted."
          : "This run has finished; its callback token can no longer be used.",
        { reason: "finished", status: execution.status },
      );
    }
    const tokenHash = hashToken(bearer);
    const expected = Buffer.from(execution.callbackTokenHash ?? "", "utf8");
    const given = Buffer.from(tokenHash, "utf8");
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
    if (execution.callbackExpiresAt && execution.callbackExpiresAt.getTime() < Date.now()) {
      return errorResponse(
        new AppError("UNAUTHENTICATED", "The callback token has expired.", { reason: "expired" }),
        log,
        { status: 410 },
      );
    }

    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new AppError("BAD_REQUEST", "The callback body is not valid JSON.");
    }
    const parsed = callbackBodySchema.safeParse(json);
    if (!parsed.success) {
      throw new AppError("INVALID_ARGS", "The callback body is not a valid callback.", {
        issues: parsed.error.issues.map((issue) => ({
          path: issue.path.join("."),
          message: issue.message,
        })),
      });
    }
    if (parsed.data.seq <= execution.callbackSeq) {
      throw new AppError(
        "CONFLICT",
        `Callback ${parsed.data.seq} was already received or is out of order (last: ${execution.callbackSeq}).`,
        { reason: "replayed", lastSeq: execution.callbackSeq },
      );
    }
    await applyCallback({ services, execution, module, tokenHash, body: parsed.data });
    c.header("Cache-Control", "no-store");
    return c.json({ status: "ok", executionId, seq: parsed.data.seq });
  });
  return app;
}
