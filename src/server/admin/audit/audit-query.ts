import { and, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "#shared/errors.ts";
import { type AuditEntry, type AuditFilter, timeRangeProblem } from "#shared/schemas/audit.ts";
import type { Executor } from "../../db/database.ts";
import { auditLog, organizations, users } from "../../db/schema.ts";
import { isUuid } from "../../ids.ts";

/**
 * Reading the audit log newest first, in keyset pages on (created_at, id):
 * each filter has an index that starts with it and continues with
 * (created_at desc, id desc) (migration 0016), so a page costs its own rows
 * whatever the log's size. Shared by admin.audit.list and the export route.
 */

export interface AuditCursor {
  /** UTC, "YYYY-MM-DDTHH:MM:SS.ffffff", exactly as stored. */
  at: string;
  id: string;
}

const TIMESTAMP = /^\d{4,6}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

export function encodeAuditCursor(cursor: AuditCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`, "utf8").toString("base64url");
}

export function decodeAuditCursor(value: string): AuditCursor {
  const [at, id, ...rest] = Buffer.from(value, "base64url").toString("utf8").split("|");
  if (!at || !id || rest.length > 0 || !TIMESTAMP.test(at) || !isUuid(id)) {
    throw new AppError(
      "INVALID_ARGS",
      "This page of the log is no longer valid. Reload the list and try again.",
      { issues: [{ path: "paginationOpts.cursor", message: "Invalid cursor" }] },
    );
  }
  return { at, id };
}

const createdAtText = sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

/** The filter as a condition; undefined when it can match nothing (an id that is not one). */
function filterCondition(filter: AuditFilter, after?: AuditCursor): SQL | undefined | false {
  if (filter.actorUserId !== undefined && !isUuid(filter.actorUserId)) return false;
  if (filter.organizationId !== undefined && !isUuid(filter.organizationId)) return false;
  return and(
    filter.actorUserId ? eq(auditLog.actorUserId, filter.actorUserId) : undefined,
    filter.organizationId ? eq(auditLog.organizationId, filter.organizationId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.from !== undefined ? gte(auditLog.createdAt, new Date(filter.from)) : undefined,
    filter.to !== undefined ? lt(auditLog.createdAt, new Date(filter.to)) : undefined,
    after
      ? sql`(${auditLog.createdAt}, ${auditLog.id}) < ((${after.at}::timestamp at time zone 'UTC'), ${after.id}::uuid)`
      : undefined,
  );
}

export interface AuditPage {
  page: AuditEntry[];
  isDone: boolean;
  /** The cursor after the page's last line; "" when nothing was shown. */
  continueCursor: string;
}

export async function readAuditPage(
  db: Executor,
  filter: AuditFilter,
  options: { numItems: number; cursor: string | null },
): Promise<AuditPage> {
  const problem = timeRangeProblem(filter);
  if (problem) {
    throw new AppError("INVALID_ARGS", problem, {
      issues: [{ path: "filter.to", message: problem }],
    });
  }
  const after = options.cursor ? decodeAuditCursor(options.cursor) : undefined;
  const condition = filterCondition(filter, after);
  if (condition === false) return { page: [], isDone: true, continueCursor: "" };
  const rows = await db
    .select({
      row: auditLog,
      cursorAt: createdAtText,
      actorFirst: users.firstName,
      actorLast: users.lastName,
      actorEmail: users.email,
      organizationName: organizations.name,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(organizations, eq(organizations.id, auditLog.organizationId))
    .where(condition)
    .orderBy(sql`${auditLog.createdAt} desc nulls last`, sql`${auditLog.id} desc nulls last`)
    .limit(options.numItems + 1);
  const isDone = rows.length <= options.numItems;
  const shown = isDone ? rows : rows.slice(0, options.numItems);
  const last = shown.at(-1);
  return {
    page: shown.map(({ row, actorFirst, actorLast, actorEmail, organizationName }) => ({
      _id: row.id,
      _creationTime: row.createdAt.getTime(),
      action: row.action,
      actorUserId: row.actorUserId,
      actorName:
        actorEmail === null ? null : `${actorFirst ?? ""} ${actorLast ?? ""}`.trim() || actorEmail,
      actorEmail,
      organizationId: row.organizationId,
      organizationName,
      targetType: row.targetType,
      targetId: row.targetId,
      subjectUserId: row.subjectUserId,
      ip: row.ip,
      userAgent: row.userAgent,
      metadata: row.metadata,
    })),
    isDone,
    continueCursor: last
      ? encodeAuditCursor({ at: last.cursorAt, id: last.row.id })
      : (options.cursor ?? ""),
  };
}

/**
 * Every distinct action, by a skip scan along audit_log_action_idx (one
 * index probe per action name, not a scan of the log).
 */
const actionRows = z.array(z.object({ action: z.string() }));

export async function listAuditActions(db: Executor): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive names(action) as (
      (select action from ${auditLog} order by action limit 1)
      union all
      select (select a.action from ${auditLog} a where a.action > names.action order by a.action limit 1)
      from names where names.action is not null
    )
    select action from names where action is not null`);
  const rows = typeof result === "object" && result !== null && "rows" in result ? result.rows : [];
  return actionRows.parse(rows).map((row) => row.action);
}
