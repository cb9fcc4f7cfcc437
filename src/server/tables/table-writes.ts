import { and, eq, sql } from "drizzle-orm";
import { AppError, notFound } from "#shared/errors.ts";
import { type AnswerType, TABLE_LIMITS, type TableCell } from "#shared/schemas/review-table.ts";
import type { FunctionCtx } from "../api/context.ts";
import { writeAudit } from "../auth/audit.ts";
import type { Executor } from "../db/database.ts";
import {
  documents,
  reviewTableCells,
  reviewTableColumns,
  reviewTableRows,
  reviewTables,
} from "../db/schema.ts";
import {
  documentRankSql,
  readableDocumentsCondition,
  requireFolderAccess,
} from "../dossier/access.ts";
import { folderSubtree } from "../folders/subtree.ts";
import { isUuid, newId } from "../ids.ts";
import { normalizeAnswer } from "./answer.ts";
import { cancelFill, createMissingCells, queueFill } from "./fill-queue.ts";
import { requireTableAccess, requireTableOrganization, type TableRow } from "./table-access.ts";
import { cellColumns, cellView } from "./table-queries.ts";

function invalid(path: string, message: string): AppError {
  return new AppError("INVALID_ARGS", message, { issues: [{ path, message }] });
}

async function touch(db: Executor, tableId: string): Promise<void> {
  await db.update(reviewTables).set({ updatedAt: new Date() }).where(eq(reviewTables.id, tableId));
}

/** Create an empty table owned by `userId` (also the workflow seam's entry). */
export async function insertTable(
  db: Executor,
  options: { organizationId: string; userId: string; name: string },
): Promise<string> {
  const id = newId();
  await db.insert(reviewTables).values({
    id,
    organizationId: options.organizationId,
    ownerId: options.userId,
    name: options.name,
  });
  return id;
}

export async function createTable(ctx: FunctionCtx, name: string): Promise<{ tableId: string }> {
  const organizationId = requireTableOrganization(ctx);
  const tableId = await insertTable(ctx.db, { organizationId, userId: ctx.user.userId, name });
  await writeAudit(ctx.db, {
    action: "table.create",
    organizationId,
    actorUserId: ctx.user.userId,
    targetType: "review_table",
    targetId: tableId,
    metadata: { name },
    request: ctx.request,
  });
  return { tableId };
}

export async function renameTable(ctx: FunctionCtx, tableId: string, name: string): Promise<null> {
  await requireTableAccess(ctx.db, ctx.user, tableId, "edit");
  await ctx.db
    .update(reviewTables)
    .set({ name, updatedAt: new Date() })
    .where(eq(reviewTables.id, tableId));
  return null;
}

export async function removeTable(ctx: FunctionCtx, tableId: string): Promise<null> {
  const { table } = await requireTableAccess(ctx.db, ctx.user, tableId, "own");
  // Cells, rows, columns and shares go with it (ON DELETE CASCADE); a fill job finds nothing.
  await ctx.db.delete(reviewTables).where(eq(reviewTables.id, tableId));
  await writeAudit(ctx.db, {
    action: "table.remove",
    organizationId: table.organizationId,
    actorUserId: ctx.user.userId,
    targetType: "review_table",
    targetId: tableId,
    metadata: { name: table.name },
    request: ctx.request,
  });
  return null;
}

/**
 * Add documents as rows: only those in the table's organization that `caller`
 * may read; ones already there are skipped. New rows' cells are queued.
 */
export async function addRows(
  db: Executor,
  caller: { userId: string; organizationId: string | null },
  table: TableRow,
  documentIds: string[],
): Promise<{ added: number; skipped: number }> {
  const wanted = [...new Set(documentIds.map((id) => id.toLowerCase()))].filter(isUuid);
  if (wanted.length === 0) return { added: 0, skipped: documentIds.length };
  const readable = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        sql`${documents.id} in (${sql.join(
          wanted.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
        readableDocumentsCondition(caller),
        eq(documents.organizationId, table.organizationId),
      ),
    );
  // Serialize concurrent additions to one table (positions, the row limit).
  await db.execute(sql`select id from ${reviewTables} where id = ${table.id} for update`);
  const [stats] = await db
    .select({
      count: sql<number>`count(*)::int`,
      maxPosition: sql<number>`coalesce(max(${reviewTableRows.position}), -1)::int`,
    })
    .from(reviewTableRows)
    .where(eq(reviewTableRows.tableId, table.id));
  const existing = new Set(
    (
      await db
        .select({ documentId: reviewTableRows.documentId })
        .from(reviewTableRows)
        .where(eq(reviewTableRows.tableId, table.id))
    ).map((r) => r.documentId),
  );
  const fresh = readable.map((r) => r.id).filter((id) => !existing.has(id));
  // Keep the order the caller gave.
  const order = new Map(wanted.map((id, i) => [id, i]));
  fresh.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  if ((stats?.count ?? 0) + fresh.length > TABLE_LIMITS.rowsMax) {
    throw invalid(
      "documentIds",
      `A table holds at most ${TABLE_LIMITS.rowsMax} documents; it has ${stats?.count ?? 0}.`,
    );
  }
  if (fresh.length === 0) return { added: 0, skipped: documentIds.length };
  let position = (stats?.maxPosition ?? -1) + 1;
  const values = fresh.map((documentId) => ({
    id: newId(),
    organizationId: table.organizationId,
    tableId: table.id,
    position: position++,
    documentId,
  }));
  for (let i = 0; i < values.length; i += 500) {
    await db
      .insert(reviewTableRows)
      .values(values.slice(i, i + 500))
      .onConflictDoNothing();
  }
  const rowIds = values.map((v) => v.id);
  await createMissingCells(db, table, { rowIds });
  await queueFill(
    db,
    table,
    sql`c.row_id in (${sql.join(
      rowIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  await touch(db, table.id);
  return { added: fresh.length, skipped: documentIds.length - fresh.length };
}

export async function addDocuments(
  ctx: FunctionCtx,
  args: { tableId: string; documentIds: string[] },
): Promise<{ added: number; skipped: number }> {
  const { table } = await requireTableAccess(ctx.db, ctx.user, args.tableId, "edit");
  return addRows(ctx.db, ctx.user, table, args.documentIds);
}

export async function addFolder(
  ctx: FunctionCtx,
  args: { tableId: string; folderId: string; includeSubfolders: boolean },
): Promise<{ added: number; skipped: number }> {
  const { table } = await requireTableAccess(ctx.db, ctx.user, args.tableId, "edit");
  const { folder } = await requireFolderAccess(ctx.db, ctx.user, args.folderId, "read");
  const inFolder = args.includeSubfolders
    ? sql`${documents.folderId} in (select id from folders where ${folderSubtree(folder.organizationId, folder.path)})`
    : eq(documents.folderId, folder.id);
  const found = await ctx.db
    .select({ id: documents.id })
    .from(documents)
    .where(and(inFolder, readableDocumentsCondition(ctx.user)))
    .orderBy(documents.name, documents.id)
    .limit(TABLE_LIMITS.rowsMax + 1);
  if (found.length === 0) return { added: 0, skipped: 0 };
  return addRows(
    ctx.db,
    ctx.user,
    table,
    found.map((d) => d.id),
  );
}

interface ColumnInput {
  question?: string;
  answerType?: AnswerType;
  instructions?: string;
  options?: string[];
}

function checkOptions(answerType: AnswerType, options: string[] | undefined): string[] {
  if (answerType !== "choice") return [];
  const unique = [...new Set(options ?? [])];
  if (unique.length < 2) throw invalid("options", "Give at least two options to choose from.");
  return unique;
}

/** Insert a column and queue its cells (also the workflow seam's entry). */
export async function insertColumn(
  db: Executor,
  table: TableRow,
  input: Required<Pick<ColumnInput, "question" | "answerType">> & ColumnInput,
): Promise<string> {
  await db.execute(sql`select id from ${reviewTables} where id = ${table.id} for update`);
  const [stats] = await db
    .select({
      count: sql<number>`count(*)::int`,
      maxPosition: sql<number>`coalesce(max(${reviewTableColumns.position}), -1)::int`,
    })
    .from(reviewTableColumns)
    .where(eq(reviewTableColumns.tableId, table.id));
  if ((stats?.count ?? 0) >= TABLE_LIMITS.columnsMax) {
    throw invalid("question", `A table has at most ${TABLE_LIMITS.columnsMax} questions.`);
  }
  const id = newId();
  await db.insert(reviewTableColumns).values({
    id,
    organizationId: table.organizationId,
    tableId: table.id,
    position: (stats?.maxPosition ?? -1) + 1,
    question: input.question,
    answerType: input.answerType,
    instructions: input.instructions || null,
    options: checkOptions(input.answerType, input.options),
  });
  await createMissingCells(db, table, { columnIds: [id] });
  await queueFill(db, table, sql`c.column_id = ${id}`);
  await touch(db, table.id);
  return id;
}

export async function addColumn(
  ctx: FunctionCtx,
  args: { tableId: string } & Required<Pick<ColumnInput, "question" | "answerType">> & ColumnInput,
): Promise<{ columnId: string }> {
  const { table } = await requireTableAccess(ctx.db, ctx.user, args.tableId, "edit");
  return { columnId: await insertColumn(ctx.db, table, args) };
}

async function requireColumn(db: Executor, tableId: string, columnId: string) {
  if (!isUuid(columnId)) throw notFound("Column");
  const [column] = await db
    .select()
    .from(reviewTableColumns)
    .where(and(eq(reviewTableColumns.id, columnId), eq(reviewTableColumns.tableId, tableId)));
  if (!column) throw notFound("Column");
  return column;
}

/** A changed question, type, instructions or options makes a new revision: only that column refills. */
export async function updateColumn(
  ctx: FunctionCtx,
  args: { tableId: string; columnId: string } & ColumnInput,
): Promise<null> {
  const { table } = await requireTableAccess(ctx.db, ctx.user, args.tableId, "edit");
  const column = await requireColumn(ctx.db, table.id, args.columnId);
  const answerType = args.answerType ?? column.answerType;
  const next = {
    question: args.question ?? column.question,
    answerType,
    instructions: args.instructions === undefined ? column.instructions : args.instructions || null,
    options:
      args.options !== undefined || answerType !== column.answerType
        ? checkOptions(answerType, args.options ?? column.options)
        : column.options,
  };
  const changed =
    next.question !== column.question ||
    next.answerType !== column.answerType ||
    next.instructions !== column.instructions ||
    JSON.stringify(next.options) !== JSON.stringify(column.options);
  if (!changed) return null;
  await ctx.db
    .update(reviewTableColumns)
    .set({ ...next, revision: column.revision + 1, updatedAt: new Date() })
    .where(eq(reviewTableColumns.id, column.id));
  // Hand corrections stay, their typed value read again for the new type or options.
  if (next.answerType !== column.answerType || next.options !== column.options) {
    const edited = await ctx.db
      .select({ id: reviewTableCells.id, answer: reviewTableCells.answer })
      .from(reviewTableCells)
      .where(and(eq(reviewTableCells.columnId, column.id), eq(reviewTableCells.edited, true)));
    for (const cell of edited) {
      if (cell.answer === null) continue;
      await ctx.db
        .update(reviewTableCells)
        .set({ ...normalizeAnswer(next, cell.answer), columnRevision: column.revision + 1 })
        .where(eq(reviewTableCells.id, cell.id));
    }
  }
  // Cells being asked the old question: their answer will not be kept; ask again.
  await ctx.db.execute(sql`
    update ${reviewTableCells} set status = 'empty', claim_job_id = null, claim_token = null,
      claim_until = null, claim_revision = null, updated_at = now()
    where column_id = ${column.id} and status in ('running', 'queued') and not edited
  `);
  await queueFill(ctx.db, table, sql`c.column_id = ${column.id}`);
  await touch(ctx.db, table.id);
  return null;
}

export async function removeRow(
  ctx: FunctionCtx,
  args: { tableId: string; rowId: string },
): Promise<null> {
  await requireTableAccess(ctx.db, ctx.user, args.tableId, "edit");
  if (!isUuid(args.rowId)) throw notFound("Row");
  const removed = await ctx.db
    .delete(reviewTableRows)
    .where(and(eq(reviewTableRows.id, args.rowId), eq(reviewTableRows.tableId, args.tableId)))
    .returning({ id: reviewTableRows.id });
  if (removed.length === 0) throw notFound("Row");
  await touch(ctx.db, args.tableId);
  return null;
}

export async function removeColumn(
  ctx: FunctionCtx,
  args: { tableId: string; columnId: string },
): Promise<null> {
  await requireTableAccess(ctx.db, ctx.user, args.tableId, "edit");
  const column = await requireColumn(ctx.db, args.tableId, args.columnId);
  await ctx.db.delete(reviewTableColumns).where(eq(reviewTableColumns.id, column.id));
  await touch(ctx.db, args.tableId);
  return null;
}

/** A hand correction (kept, marked, never overwritten), or null to give the cell back to the model. */
export async function setCell(
  ctx: FunctionCtx,
  args: { tableId: string; rowId: string; columnId: string; answer: string | null },
): Promise<TableCell> {
  const { table } = await requireTableAccess(ctx.db, ctx.user, args.tableId, "edit");
  const column = await requireColumn(ctx.db, table.id, args.columnId);
  if (!isUuid(args.rowId)) throw notFound("Row");
  const [row] = await ctx.db
    .select({ id: reviewTableRows.id, rank: documentRankSql(ctx.user).mapWith(Number) })
    .from(reviewTableRows)
    .innerJoin(documents, eq(documents.id, reviewTableRows.documentId))
    .where(and(eq(reviewTableRows.id, args.rowId), eq(reviewTableRows.tableId, table.id)));
  if (!row || row.rank < 1) throw notFound("Row");
  await createMissingCells(ctx.db, table, { rowIds: [row.id], columnIds: [column.id] });
  const common = {
    claimJobId: null,
    claimToken: null,
    claimUntil: null,
    claimRevision: null,
    runAfter: null,
    error: null,
    // The database's clock, like every other cell write: tables.getChanges compares with it.
    updatedAt: sql`now()`,
  };
  const set =
    args.answer === null
      ? {
          ...common,
          status: "empty" as const,
          edited: false,
          editedBy: null,
          answer: null,
          value: null,
          explanation: null,
          citations: [],
          columnRevision: 0,
        }
      : {
          ...common,
          status: "done" as const,
          edited: true,
          editedBy: ctx.user.userId,
          ...normalizeAnswer(column, args.answer),
          columnRevision: column.revision,
        };
  const [cell] = await ctx.db
    .update(reviewTableCells)
    .set(set)
    .where(and(eq(reviewTableCells.rowId, row.id), eq(reviewTableCells.columnId, column.id)))
    .returning(cellColumns);
  if (!cell) throw notFound("Cell");
  return cellView(cell);
}

export async function fillTable(ctx: FunctionCtx, tableId: string): Promise<{ queued: number }> {
  const { table } = await requireTableAccess(ctx.db, ctx.user, tableId, "edit");
  return { queued: await queueFill(ctx.db, table) };
}

export async function cancelTable(
  ctx: FunctionCtx,
  tableId: string,
): Promise<{ cancelled: number }> {
  await requireTableAccess(ctx.db, ctx.user, tableId, "edit");
  return { cancelled: await cancelFill(ctx.db, tableId) };
}
