import { asc, eq } from "drizzle-orm";
import type { AnswerType } from "#shared/schemas/review-table.ts";
import type { Executor } from "../db/database.ts";
import { reviewTableColumns, reviewTables } from "../db/schema.ts";
import { cancelFill, tableProgress } from "./fill-queue.ts";
import { exportRows } from "./table-export.ts";
import { addRows, insertColumn, insertTable } from "./table-writes.ts";

/**
 * The seam workflows use (a workflow step of kind "table"; decision 027):
 * create a review table over a run's documents with given questions, queue
 * its filling, then poll its state and read its answers as markdown. Access
 * is the given user's: only documents they may read become rows.
 */

export interface SeamColumn {
  question: string;
  answerType: AnswerType;
  instructions?: string;
  options?: string[];
}

/** Create the table, its rows and columns, and queue every cell (in the caller's transaction). */
export async function createTableForRun(
  db: Executor,
  options: {
    organizationId: string;
    userId: string;
    name: string;
    documentIds: string[];
    columns: SeamColumn[];
  },
): Promise<{ tableId: string }> {
  const tableId = await insertTable(db, options);
  const [table] = await db.select().from(reviewTables).where(eq(reviewTables.id, tableId));
  if (!table) throw new Error("The review table just created is missing");
  for (const column of options.columns) {
    await insertColumn(db, table, column);
  }
  if (options.documentIds.length > 0) {
    await addRows(
      db,
      { userId: options.userId, organizationId: options.organizationId },
      table,
      options.documentIds,
    );
  }
  return { tableId };
}

/** How far the filling is: cells done, failed for good, still to do (hand corrections aside). */
export async function tableFillState(
  db: Executor,
  tableId: string,
): Promise<{ total: number; done: number; failed: number; pending: number }> {
  const progress = (await tableProgress(db, [tableId])).get(tableId)!;
  return {
    total: progress.total,
    done: progress.done,
    failed: progress.failed,
    pending: progress.pending,
  };
}

/** Markdown-table cell text: one line, pipes escaped. */
function mdCell(text: string): string {
  return text.replace(/\s+/g, " ").replace(/\\/g, "\\\\").replace(/\|/g, "\\|").trim();
}

/** The table's answers as a markdown table: a row per document, a column per question. */
export async function tableAsMarkdown(db: Executor, tableId: string): Promise<string> {
  const [table] = await db.select().from(reviewTables).where(eq(reviewTables.id, tableId));
  if (!table) return "";
  const columns = await db
    .select()
    .from(reviewTableColumns)
    .where(eq(reviewTableColumns.tableId, tableId))
    .orderBy(asc(reviewTableColumns.position));
  const rows = await exportRows(
    db,
    { userId: table.ownerId, organizationId: table.organizationId },
    tableId,
  );
  const header = ["Document", ...columns.map((c) => c.question)];
  const lines = [
    `| ${header.map(mdCell).join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
    ...rows.map(
      (row) =>
        `| ${[row.documentName, ...columns.map((c) => row.cells.get(c.id)?.answer ?? "")]
          .map(mdCell)
          .join(" | ")} |`,
    ),
  ];
  return lines.join("\n");
}

/**
 * Stop a run's table filling (its run was cancelled): queued and running
 * cells become cancelled, answers already stored stay, an answer arriving
 * afterwards is dropped. The table stays its owner's; "Fill" resumes it.
 */
export async function stopTableFill(db: Executor, tableId: string): Promise<number> {
  return cancelFill(db, tableId);
}
