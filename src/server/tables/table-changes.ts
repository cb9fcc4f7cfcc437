import { and, eq, gte, sql } from "drizzle-orm";
import { TABLE_LIMITS, type TableCell, type TableChanges } from "#shared/schemas/review-table.ts";
import type { FunctionCtx } from "../api/context.ts";
import type { Executor } from "../db/database.ts";
import { rowsOf } from "../db/raw-rows.ts";
import { documents, reviewTableCells, reviewTableRows } from "../db/schema.ts";
import { documentRankSql } from "../dossier/access.ts";
import { cellValueSql, cellView } from "./cell-view.ts";
import { tableProgress } from "./fill-queue.ts";
import { dependOnTable, requireTableAccess } from "./table-access.ts";

/**
 * Versioned reads of a review table (decision 027, amendment 2026-11-25).
 * A revision is "1.<µs>.<structure>": a point in time before which every
 * cell change is already in the read that carries it, and a fingerprint of
 * the table's name, columns and rows. `tables.getChanges` answers the cells
 * whose `updated_at` is at or after that point (every cell write sets it to
 * the writing transaction's `now()`), so an open tab merges a few cells per
 * live update instead of reading 200,000 again.
 *
 * The point is taken before the data is read, and held back to the start of
 * the oldest transaction still open on the database: a transaction that
 * started earlier but commits after the read stamps its cells with its own
 * start, which the next read's `>=` still finds. The price is that a few
 * cells may come twice (merging is idempotent). Only this database's
 * transactions count: one open in another database of the same cluster
 * cannot write these cells. PGlite has one connection, so no transaction
 * overlaps a read.
 */

/** More changed cells than this in one answer: read the whole table again instead. */
export const MAX_CHANGED_CELLS = 5_000;

interface Revision {
  micros: bigint;
  structure: string;
}

export function encodeRevision(revision: Revision): string {
  return `1.${revision.micros}.${revision.structure}`;
}

export function parseRevision(text: string): Revision | null {
  const match = /^1\.(\d{1,20})\.([0-9a-f]{32})$/.exec(text);
  return match ? { micros: BigInt(match[1]!), structure: match[2]! } : null;
}

/** The safe point in time: now, or the start of the oldest other open transaction. */
async function changesPoint(db: Executor): Promise<bigint> {
  const result = await db.execute(sql`
    select (extract(epoch from least(clock_timestamp(), (
      select min(xact_start) from pg_stat_activity
      where xact_start is not null and pid <> pg_backend_pid() and datname = current_database()
    ))) * 1000000)::bigint::text as "micros"
  `);
  const row = (rowsOf(result) as Array<{ micros: string }>)[0];
  return BigInt(row!.micros);
}

/** A fingerprint of what tables.get returns besides the cells: name, columns, rows. */
async function structureOf(db: Executor, tableId: string): Promise<string> {
  const result = await db.execute(sql`
    select md5(
      coalesce((select t.name || '|' || coalesce(t.model_id, '') from review_tables t
        where t.id = ${tableId}), '')
      || '#' || coalesce((select string_agg(c.id::text || ':' || c.revision || ':' || c.position
          || ':' || c.updated_at::text, ',' order by c.id)
        from review_table_columns c where c.table_id = ${tableId}), '')
      || '#' || coalesce((select count(*)::text || ':' || md5(string_agg(r.id::text || ':' || r.position,
          ',' order by r.id))
        from review_table_rows r where r.table_id = ${tableId}), '')
    ) as "structure"
  `);
  return (rowsOf(result) as Array<{ structure: string }>)[0]!.structure;
}

/** The revision a read made now stands at; take it BEFORE reading the data. */
export async function currentRevision(db: Executor, tableId: string): Promise<string> {
  const micros = await changesPoint(db);
  return encodeRevision({ micros, structure: await structureOf(db, tableId) });
}

/** tables.getChanges: the cells changed since `sinceRevision`, or `reset` when that is not enough. */
export async function getTableChanges(
  ctx: FunctionCtx,
  args: { tableId: string; sinceRevision: string },
): Promise<TableChanges> {
  dependOnTable(ctx, args.tableId);
  await requireTableAccess(ctx.db, ctx.user, args.tableId, "read");
  const micros = await changesPoint(ctx.db);
  const structure = await structureOf(ctx.db, args.tableId);
  const revision = encodeRevision({ micros, structure });
  const since = parseRevision(args.sinceRevision);
  if (!since || since.structure !== structure) {
    return { revision, reset: true, progress: null, cells: [] };
  }
  const max = TABLE_LIMITS.gridAnswerMax;
  const rows = await ctx.db
    .select({
      rowId: reviewTableCells.rowId,
      columnId: reviewTableCells.columnId,
      status: reviewTableCells.status,
      answer: sql<
        string | null
      >`case when length(${reviewTableCells.answer}) > ${max} then left(${reviewTableCells.answer}, ${max - 1}) || '…' else ${reviewTableCells.answer} end`,
      value: cellValueSql,
      edited: reviewTableCells.edited,
      citationCount: sql<number>`jsonb_array_length(${reviewTableCells.citations})`.mapWith(Number),
      error: reviewTableCells.error,
      rank: documentRankSql(ctx.user).mapWith(Number),
    })
    .from(reviewTableCells)
    .innerJoin(reviewTableRows, eq(reviewTableRows.id, reviewTableCells.rowId))
    .innerJoin(documents, eq(documents.id, reviewTableRows.documentId))
    .where(
      and(
        eq(reviewTableCells.tableId, args.tableId),
        gte(
          reviewTableCells.updatedAt,
          sql`timestamptz 'epoch' + ${since.micros.toString()}::bigint * interval '1 microsecond'`,
        ),
      ),
    )
    .limit(MAX_CHANGED_CELLS + 1);
  if (rows.length > MAX_CHANGED_CELLS) return { revision, reset: true, progress: null, cells: [] };
  const cells: TableCell[] = rows
    .filter((row) => row.rank >= 1)
    .map(({ rank: _, ...cell }) => cellView(cell));
  // The progress counts every cell (an index-only scan, migration 0026): only when some changed.
  const progress =
    rows.length > 0 ? (await tableProgress(ctx.db, [args.tableId])).get(args.tableId)! : null;
  return { revision, reset: false, progress, cells };
}
