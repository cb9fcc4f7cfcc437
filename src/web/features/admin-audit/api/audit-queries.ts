import * as adminAuditApi from "#shared/api/admin-audit.ts";
import type { AuditFilter } from "#shared/schemas/audit.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

export const AUDIT_PAGE_SIZE = 50;

/** One page of the log, newest first (live: new lines show up at the top). */
export const auditPageOptions = (filter: AuditFilter, cursor: string | null) =>
  liveQueryOptions(adminAuditApi.list, {
    filter,
    paginationOpts: { numItems: AUDIT_PAGE_SIZE, cursor },
  });

export const auditActionsOptions = () => liveQueryOptions(adminAuditApi.listActions, {});

/** GET /api/admin/audit/export with the same filters as the list. */
export function auditExportHref(format: "csv" | "jsonl", filter: AuditFilter): string {
  const params = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined) params.set(key, String(value));
  }
  return `/api/admin/audit/export?${params}`;
}
