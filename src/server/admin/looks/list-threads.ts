import { and, eq, type SQL, sql } from "drizzle-orm";
import { AppError } from "#shared/errors.ts";
import type { AdminThreadSummary } from "#shared/schemas/admin-looks.ts";
import type { FunctionCtx } from "../../api/context.ts";
import type { Executor } from "../../db/database.ts";
import { messages, organizations, threads, users } from "../../db/schema.ts";
import { isUuid } from "../../ids.ts";

export interface ThreadPage {
  page: AdminThreadSummary[];
  isDone: boolean;
  continueCursor: string;
}

/** UTC text with microseconds: the cursor's exact copy of last_message_at. */
const lastAtText = sql<string>`to_char(${threads.lastMessageAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

const TIMESTAMP = /^\d{4,6}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

/** (last_message_at, id) of the last thread shown; thread ids are the client's text, not uuids. */
function encodeCursor(cursor: { at: string; id: string }): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id]), "utf8").toString("base64url");
}

function decodeCursor(value: string): { at: string; id: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    parsed = undefined;
  }
  if (
    Array.isArray(parsed) &&
    parsed.length === 2 &&
    typeof parsed[0] === "string" &&
    TIMESTAMP.test(parsed[0]) &&
    typeof parsed[1] === "string" &&
    parsed[1].length > 0 &&
    parsed[1].length <= 100
  ) {
    return { at: parsed[0], id: parsed[1] };
  }
  throw new AppError(
    "INVALID_ARGS",
    "This page of the list is no longer valid. Reload the list and try again.",
    { issues: [{ path: "paginationOpts.cursor", message: "Invalid cursor" }] },
  );
}

/** `%word%` for ILIKE with the pattern characters of `text` escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Columns of a thread summary, with its owner, organization and message count. */
export function threadSummaryQuery(db: Executor) {
  return db
    .select({
      thread: threads,
      ownerFirst: users.firstName,
      ownerLast: users.lastName,
      ownerEmail: users.email,
      organizationName: organizations.name,
      messageCount: sql<number>`(select count(*)::int from ${messages} m where m.thread_id = ${threads.id})`,
      cursorAt: lastAtText,
    })
    .from(threads)
    .innerJoin(users, eq(users.id, threads.userId))
    .innerJoin(organizations, eq(organizations.id, threads.organizationId));
}

export type ThreadSummaryRow = Awaited<
  ReturnType<ReturnType<typeof threadSummaryQuery>["where"]>
>[number];

export function threadSummaryView(row: ThreadSummaryRow): AdminThreadSummary {
  return {
    _id: row.thread.id,
    _creationTime: row.thread.createdAt.getTime(),
    title: row.thread.title,
    ownerId: row.thread.userId,
    ownerName: `${row.ownerFirst} ${row.ownerLast}`.trim() || row.ownerEmail,
    ownerEmail: row.ownerEmail,
    organizationId: row.thread.organizationId,
    organizationName: row.organizationName,
    messageCount: Number(row.messageCount),
    lastMessageAt: row.thread.lastMessageAt.getTime(),
  };
}

/**
 * Every thread, or one organization's, latest activity first, in keyset pages
 * on (last_message_at, id) (threads_last_idx, threads_org_last_idx). Titles,
 * owners and counts only: listing is not a look; opening a thread is.
 */
export async function listAdminThreads(
  ctx: FunctionCtx,
  args: {
    organizationId?: string;
    search?: string;
    paginationOpts: { numItems: number; cursor: string | null };
  },
): Promise<ThreadPage> {
  const { numItems, cursor } = args.paginationOpts;
  if (args.organizationId !== undefined && !isUuid(args.organizationId)) {
    return { page: [], isDone: true, continueCursor: "" };
  }
  const after = cursor ? decodeCursor(cursor) : undefined;
  const conditions: (SQL | undefined)[] = [
    args.organizationId ? eq(threads.organizationId, args.organizationId) : undefined,
    args.search ? sql`${threads.title} ilike ${containsPattern(args.search)}` : undefined,
    after
      ? sql`(${threads.lastMessageAt}, ${threads.id}) < ((${after.at}::timestamp at time zone 'UTC'), ${after.id})`
      : undefined,
  ];
  const rows = await threadSummaryQuery(ctx.db)
    .where(and(...conditions))
    .orderBy(sql`${threads.lastMessageAt} desc nulls last`, sql`${threads.id} desc nulls last`)
    .limit(numItems + 1);
  const isDone = rows.length <= numItems;
  const shown = isDone ? rows : rows.slice(0, numItems);
  const last = shown.at(-1);
  return {
    page: shown.map(threadSummaryView),
    isDone,
    continueCursor: last ? encodeCursor({ at: last.cursorAt, id: last.thread.id }) : (cursor ?? ""),
  };
}
