import { Hono } from "hono";
import { AppError, forbidden } from "#shared/errors.ts";
import { auditExportQuerySchema, timeRangeProblem } from "#shared/schemas/audit.ts";
import type { Services } from "../../api/context.ts";
import { writeAudit } from "../../auth/audit.ts";
import { requireCaller } from "../../auth/request-caller.ts";
import { answerErrors } from "../../http/error-response.ts";
import { type AppEnv, requestInfo } from "../../http/request-info.ts";
import { csvHeader, csvRow, jsonLine } from "./audit-export-format.ts";
import { readAuditPage } from "./audit-query.ts";

/** Lines read per database round trip while streaming. */
const EXPORT_PAGE = 500;

/**
 * GET /api/admin/audit/export?format=csv|jsonl&actorUserId&organizationId&action&from&to
 * (from/to in ms): the lines admin.audit.list shows for the same filters,
 * newest first, streamed page by page so a large log never sits in memory.
 * Superadmins only; the export itself is an audit line. Lines written after
 * the export started are not in it.
 */
export function auditExportRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.onError(answerErrors(services.log));

  app.get("/export", async (c) => {
    const caller = await requireCaller(services, c, { sameOrigin: false });
    if (!caller.identity.isSuperadmin) throw forbidden();
    const query = auditExportQuerySchema.safeParse(c.req.query());
    if (!query.success) {
      const issues = query.error.issues.map((i) => ({
        path: i.path.map(String).join("."),
        message: i.message,
      }));
      throw new AppError(
        "INVALID_ARGS",
        `Invalid export: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`,
        { issues },
      );
    }
    const { format, ...filters } = query.data;
    const problem = timeRangeProblem(filters);
    if (problem) throw new AppError("INVALID_ARGS", problem);
    const startedAt = Date.now();
    // Lines written once the export has begun are not in it.
    const filter = { ...filters, to: Math.min(filters.to ?? startedAt + 1, startedAt + 1) };
    await writeAudit(services.database.db, {
      action: "admin.audit.export",
      actorUserId: caller.identity.userId,
      metadata: { format, filter: filters },
      request: requestInfo(c, services.config.trustProxy),
    });

    const db = services.database.db;
    const encoder = new TextEncoder();
    let cursor: string | null = null;
    let started = false;
    let done = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          if (!started) {
            started = true;
            if (format === "csv") controller.enqueue(encoder.encode(`\uFEFF${csvHeader()}`));
          }
          if (done) {
            controller.close();
            return;
          }
          const page = await readAuditPage(db, filter, { numItems: EXPORT_PAGE, cursor });
          const text = page.page.map(format === "csv" ? csvRow : jsonLine).join("");
          if (text) controller.enqueue(encoder.encode(text));
          done = page.isDone;
          cursor = page.continueCursor;
          if (done) controller.close();
        } catch (error) {
          services.log.error({ err: error }, "audit export failed while streaming");
          controller.error(error);
        }
      },
    });
    const stamp = new Date(startedAt).toISOString().slice(0, 19).replaceAll(":", "-");
    return new Response(body, {
      headers: {
        "Content-Type":
          format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8",
        "Content-Disposition": `attachment; filename="atrium-audit-${stamp}.${format === "csv" ? "csv" : "jsonl"}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });

  return app;
}
