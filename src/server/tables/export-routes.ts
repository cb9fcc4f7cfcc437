import { Hono } from "hono";
import { AppError } from "#shared/errors.ts";
import type { Services } from "../api/context.ts";
import { requireCaller } from "../auth/request-caller.ts";
import { contentDisposition } from "../documents/document-routes.ts";
import { answerErrors } from "../http/error-response.ts";
import type { AppEnv } from "../http/request-info.ts";
import { findTableAccess } from "./table-access.ts";
import { tableCsv, tableXlsx } from "./table-export.ts";

/** A file name from the table's name: no path or control characters, bounded. */
export function exportFileName(name: string, extension: "csv" | "xlsx"): string {
  const base = name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 100);
  return `${base || "review-table"}.${extension}`;
}

/**
 * /api/tables: GET /{tableId}/export?format=csv|xlsx for anyone who can see
 * the table (viewers too); "not found" for anyone else.
 */
export function tableRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.onError(answerErrors(services.log));

  app.get("/:tableId/export", async (c) => {
    const caller = await requireCaller(services, c, { sameOrigin: false });
    const format = c.req.query("format") ?? "csv";
    if (format !== "csv" && format !== "xlsx") {
      throw new AppError("INVALID_ARGS", "format must be csv or xlsx.", {
        issues: [{ path: "format", message: "Choose csv or xlsx." }],
      });
    }
    const db = services.database.db;
    const found = await findTableAccess(db, caller.identity, c.req.param("tableId"));
    if (!found) throw new AppError("NOT_FOUND", "Table was not found.");
    const headers = {
      "Cache-Control": "private, no-store",
      "Content-Disposition": contentDisposition(exportFileName(found.table.name, format)),
      "X-Content-Type-Options": "nosniff",
    };
    if (format === "csv") {
      const csv = await tableCsv(db, caller.identity, found.table.id);
      return new Response(csv, {
        headers: { ...headers, "Content-Type": "text/csv; charset=utf-8" },
      });
    }
    const bytes = await tableXlsx(db, caller.identity, found.table.id, found.table.name);
    return new Response(new Uint8Array(bytes), {
      headers: {
        ...headers,
        "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      },
    });
  });

  return app;
}
