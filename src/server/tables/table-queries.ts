import { and, asc, desc, eq, sql } from "drizzle-orm";
import { notFound } from "#shared/errors.ts";
import {
  CELL_STATUSES,
  type CellValue,
  TABLE_LIMITS,
  type Table,
  type TableCell,
  type TableCellDetail,
  type TableCells,
  type TableColumn,
  type TableColumnCells,
  type TableProgress,
  type TableRow,
  type TableSummary,
} from "#shared/schemas/review-table.ts";
import type { FunctionCtx } from "../api/context.ts";
import type { Executor } from "../db/database.ts";
import { rowsOf } from "../db/raw-rows.ts";
import {
  documents,
  reviewTableCells,
  reviewTableColumns,
  reviewTableRows,
  reviewTables,
  users,
} from "../db/schema.ts";
import { type DossierCaller, documentRankSql } from "../dossier/access.ts";
import { isUuid } from "../ids.ts";
import { cellValueSql, cellView } from "./cell-view.ts";
import { tableProgress } from "./fill-queue.ts";
import { currentRevision } from "./table-changes.ts";

export { cellValueSql, cellView, parseCellValue } from "./cell-view.ts";

import {
  dependOnTable,
  requireTableAccess,
  roleOfTableRank,
  type TableCaller,
  type TableRow as TableRecord,
  tableRankSql,
} from "./table-access.ts";

const ownerNameSql = sql<string>`(select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email)
  from ${users} u where u.id = "review_tables"."owner_id")`;

function summaryOf(
  table: TableRecord,
  extra: { rank: number; ownerName: string; rowCount: number; columnCount: number },
  progress: TableProgress,
): TableSummary {
  return {
    _id: table.id,
    name: table.name,
    ownerId: table.ownerId,
    ownerName: extra.ownerName,
    role: roleOfTableRank(extra.rank) ?? "viewer",
    rowCount: extra.rowCount,
    columnCount: extra.columnCount,
    progress,
    createdAt: table.createdAt.getTime(),
    updatedAt: table.updatedAt.getTime(),
  };
}

const rowCountSql = sql<number>`(select count(*)::int from ${reviewTableRows} rr where rr.table_id = "review_tables"."id")`;
const columnCountSql = sql<number>`(select count(*)::int from ${reviewTableColumns} rc where rc.table_id = "review_tables"."id")`;

/** tables.list: the caller's tables and those shared with them, latest change first. */
export async function listTables(ctx: FunctionCtx): Promise<TableSummary[]> {
  const organizationId = ctx.user.organizationId;
  if (!organizationId) return [];
  const rank = tableRankSql(ctx.user.userId);
  const rows = await ctx.db
    .select({
      table: reviewTables,
      rank: rank.mapWith(Number),
      ownerName: ownerNameSql,
      rowCount: rowCountSql.mapWith(Number),
      columnCount: columnCountSql.mapWith(Number),
    })
    .from(reviewTables)
    .where(and(eq(reviewTables.organizationId, organizationId), sql`${rank} >= 1`))
    .orderBy(desc(reviewTables.updatedAt), desc(reviewTables.id));
  // Cells, rows and columns: only the listed tables' changes re-run this list.
  for (const row of rows) {
    for (const t of ["review_table_cells", "review_table_rows", "review_table_columns"]) {
      ctx.dependsOnRow(t, `table:${row.table.id}`);
    }
  }
  const progress = await tableProgress(
    ctx.db,
    rows.map((r) => r.table.id),
  );
  return rows.map((r) => summaryOf(r.table, r, progress.get(r.table.id)!));
}

/** One table's summary as the caller sees it. */
export async function tableSummary(
  db: Executor,
  caller: TableCaller,
  tableId: string,
): Promise<TableSummary> {
  const rank = tableRankSql(caller.userId);
  const [row] = await db
    .select({
      table: reviewTables,
      rank: rank.mapWith(Number),
      ownerName: ownerNameSql,
      rowCount: rowCountSql.mapWith(Number),
      columnCount: columnCountSql.mapWith(Number),
    })
    .from(reviewTables)
    .where(eq(reviewTables.id, tableId));
  if (!row) throw notFound("Table");
  const progress = await tableProgress(db, [tableId]);
  return summaryOf(row.table, row, progress.get(tableId)!);
}

export function columnView(column: typeof reviewTableColumns.$inferSelect): TableColumn {
  return {
    _id: column.id,
    position: column.position,
    question: column.question,
    answerType: column.answerType,
    instructions: column.instructions,
    options: column.options,
  };
}

/** The table's rows with whether the caller may read each one's document. */
export async function readRows(
  db: Executor,
  caller: DossierCaller,
  tableId: string,
): Promise<Array<TableRow & { readable: boolean }>> {
  const rows = await db
    .select({
      id: reviewTableRows.id,
      position: reviewTableRows.position,
      documentId: reviewTableRows.documentId,
      name: documents.name,
      fileType: documents.fileType,
      rank: documentRankSql(caller).mapWith(Number),
    })
    .from(reviewTableRows)
    .innerJoin(documents, eq(documents.id, reviewTableRows.documentId))
    .where(eq(reviewTableRows.tableId, tableId))
    .orderBy(asc(reviewTableRows.position), asc(reviewTableRows.id));
  return rows.map((r) => {
    const readable = r.rank >= 1;
    return {
      _id: r.id,
      position: r.position,
      documentId: r.documentId,
      documentName: readable ? r.name : null,
      fileType: readable ? r.fileType : null,
      readable,
    };
  });
}

export const cellColumns = {
  rowId: reviewTableCells.rowId,
  columnId: reviewTableCells.columnId,
  status: reviewTableCells.status,
  answer: reviewTableCells.answer,
  value: cellValueSql,
  edited: reviewTableCells.edited,
  citationCount: sql<number>`jsonb_array_length(${reviewTableCells.citations})`.mapWith(Number),
  error: reviewTableCells.error,
};

/**
 * tables.get: columns, rows and every cell, the cells per column aligned with
 * the readable rows (decision 027, amendment: one object per cell made
 * 10,000 x 20 tens of MB). A row whose document the caller cannot read shows
 * without its name, and its cells are left out. Answers are cut for the grid
 * in SQL; tables.getCell has them whole.
 */
export async function getTable(ctx: FunctionCtx, tableId: string): Promise<Table> {
  dependOnTable(ctx, tableId);
  const { table } = await requireTableAccess(ctx.db, ctx.user, tableId, "read");
  ctx.dependsOnRow("users", table.ownerId);
  // Before the data: every change this read might miss is at or after it (table-changes.ts).
  const revision = await currentRevision(ctx.db, tableId);
  const [summary, columns, rows] = await Promise.all([
    tableSummary(ctx.db, ctx.user, tableId),
    ctx.db
      .select()
      .from(reviewTableColumns)
      .where(eq(reviewTableColumns.tableId, tableId))
      .orderBy(asc(reviewTableColumns.position), asc(reviewTableColumns.id)),
    readRows(ctx.db, ctx.user, tableId),
  ]);
  const readable = rows.filter((r) => r.readable).map((r) => r._id);
  return {
    table: summary,
    columns: columns.map(columnView),
    rows: rows.map(({ readable: _, ...row }) => row),
    cells: await columnCells(
      ctx.db,
      tableId,
      columns.map((c) => c.id),
      readable,
    ),
    revision,
  };
}

const STATUS_CODE_SQL = sql.raw(
  `case c.status ${CELL_STATUSES.map((s, i) => `when '${s}' then '${i}'`).join(" ")} else '-' end`,
);

/**
 * The cells per column, aligned with `rowIds`, built in one query: each
 * column comes back as a few JSON texts (parsed once here), not 10,000 rows.
 */
async function columnCells(
  db: Executor,
  tableId: string,
  columnIds: string[],
  rowIds: string[],
): Promise<TableCells> {
  const max = TABLE_LIMITS.gridAnswerMax;
  const ids = sql`${`{${rowIds.join(",")}}`}::uuid[]`;
  const result = await db.execute(sql`
    select c.column_id,
      count(*)::int as count,
      case when count(*) < ${rowIds.length} then json_agg(r.i - 1 order by r.i)::text end as at,
      string_agg(${STATUS_CODE_SQL}, '' order by r.i) as status,
      json_agg(case when length(c.answer) > ${max} then left(c.answer, ${max - 1}) || '…'
        else c.answer end order by r.i)::text as answer,
      json_agg(c.value order by r.i)::text as value,
      json_agg(jsonb_array_length(c.citations) order by r.i)::text as citations,
      (json_agg(r.i - 1 order by r.i) filter (where c.edited))::text as edited,
      (json_object_agg((r.i - 1)::text, c.error) filter (where c.error is not null))::text as errors
    from ${reviewTableCells} c
      join unnest(${ids}) with ordinality as r(id, i) on r.id = c.row_id
    where c.table_id = ${tableId}
    group by c.column_id
  `);
  const aggregated = rowsOf(result) as Array<{
    column_id: string;
    count: number;
    at: string | null;
    status: string | null;
    answer: string | null;
    value: string | null;
    citations: string | null;
    edited: string | null;
    errors: string | null;
  }>;
  const byColumn = new Map(aggregated.map((row) => [row.column_id, row]));
  const parse = <T>(text: string | null, empty: T): T => (text ? (JSON.parse(text) as T) : empty);
  return {
    rowIds,
    columns: columnIds.map((columnId): TableColumnCells => {
      const row = byColumn.get(columnId);
      const empty: TableColumnCells = {
        columnId,
        status: "-".repeat(rowIds.length),
        answer: rowIds.map(() => null),
        value: rowIds.map(() => null),
        citationCount: rowIds.map(() => 0),
        edited: parse(row?.edited ?? null, []),
        errors: parse(row?.errors ?? null, {}),
      };
      if (!row) return empty;
      const status = row.status ?? "";
      const answer = parse<Array<string | null>>(row.answer, []);
      const value = parse<CellValue[]>(row.value, []);
      const citationCount = parse<number[]>(row.citations, []);
      if (row.at === null) return { ...empty, status, answer, value, citationCount };
      // Some rows have no cell in this column: put each cell at its row.
      const at = parse<number[]>(row.at, []);
      const chars = [...empty.status];
      at.forEach((r, k) => {
        chars[r] = status[k] ?? "-";
        empty.answer[r] = answer[k] ?? null;
        empty.value[r] = value[k] ?? null;
        empty.citationCount[r] = citationCount[k] ?? 0;
      });
      return { ...empty, status: chars.join("") };
    }),
  };
}

/** A cell of a row the caller may read; "not found" otherwise. */
export async function getCell(
  ctx: FunctionCtx,
  args: { tableId: string; rowId: string; columnId: string },
): Promise<TableCellDetail> {
  dependOnTable(ctx, args.tableId);
  await requireTableAccess(ctx.db, ctx.user, args.tableId, "read");
  if (!isUuid(args.rowId) || !isUuid(args.columnId)) throw notFound("Cell");
  const [row] = await ctx.db
    .select({ rank: documentRankSql(ctx.user).mapWith(Number) })
    .from(reviewTableRows)
    .innerJoin(documents, eq(documents.id, reviewTableRows.documentId))
    .where(and(eq(reviewTableRows.id, args.rowId), eq(reviewTableRows.tableId, args.tableId)));
  if (!row || row.rank < 1) throw notFound("Cell");
  const [cell] = await ctx.db
    .select({
      ...cellColumns,
      explanation: reviewTableCells.explanation,
      citations: reviewTableCells.citations,
      editedBy: reviewTableCells.editedBy,
      modelAnswer: reviewTableCells.modelAnswer,
      modelId: reviewTableCells.modelId,
      updatedAt: reviewTableCells.updatedAt,
      documentId: reviewTableRows.documentId,
      editorFirst: users.firstName,
      editorLast: users.lastName,
      editorEmail: users.email,
    })
    .from(reviewTableCells)
    .innerJoin(reviewTableRows, eq(reviewTableRows.id, reviewTableCells.rowId))
    .leftJoin(users, eq(users.id, reviewTableCells.editedBy))
    .where(
      and(
        eq(reviewTableCells.tableId, args.tableId),
        eq(reviewTableCells.rowId, args.rowId),
        eq(reviewTableCells.columnId, args.columnId),
      ),
    );
  if (!cell) throw notFound("Cell");
  return cellDetailView(cell);
}

export function cellDetailView(cell: {
  rowId: string;
  columnId: string;
  status: TableCell["status"];
  answer: string | null;
  value: CellValue | undefined;
  edited: boolean;
  citationCount: number;
  error: string | null;
  explanation: string | null;
  citations: Array<{ chunkId: string | null; quote: string; page: number | null }>;
  editedBy: string | null;
  modelAnswer: string | null;
  modelId: string | null;
  updatedAt: Date;
  documentId: string;
  editorFirst: string | null;
  editorLast: string | null;
  editorEmail: string | null;
}): TableCellDetail {
  return {
    ...cellView(cell),
    explanation: cell.explanation,
    citations: cell.citations.map((c) => ({
      documentId: cell.documentId,
      chunkId: c.chunkId,
      quote: c.quote,
      page: c.page,
    })),
    editedBy:
      cell.edited && cell.editedBy
        ? {
            userId: cell.editedBy,
            name:
              `${cell.editorFirst ?? ""} ${cell.editorLast ?? ""}`.trim() ||
              (cell.editorEmail ?? ""),
          }
        : null,
    modelAnswer: cell.modelAnswer,
    modelId: cell.modelId,
    updatedAt: cell.updatedAt.getTime(),
  };
}
