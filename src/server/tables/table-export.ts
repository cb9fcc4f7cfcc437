import { asc, eq } from "drizzle-orm";
import type { Executor } from "../db/database.ts";
import { reviewTableCells, reviewTableColumns } from "../db/schema.ts";
import type { DossierCaller } from "../dossier/access.ts";
import { readRows } from "./table-queries.ts";

/**
 * Export of a review table (decision 027): CSV (papaparse) and XLSX
 * (exceljs). One line per row the caller may read, a column per question with
 * the answer as shown; the XLSX has a second sheet "Citations" (document,
 * question, explanation, page, quote: one line per citation). Cell text that
 * a spreadsheet would take for a formula is escaped.
 *
 * exceljs and papaparse are imported on the first export, not at start: this
 * module is reached from the workflows' table step, and the two libraries
 * (with jszip and archiver) hold about 38 MB of the idle server (decision 032).
 */

export interface ExportCell {
  answer: string | null;
  status: string;
  edited: boolean;
  explanation: string | null;
  citations: Array<{ chunkId: string | null; quote: string; page: number | null }>;
}

export interface ExportRow {
  documentId: string;
  documentName: string;
  cells: Map<string, ExportCell>;
}

/** Rows the caller may read, in table order, with their cells by column id. */
export async function exportRows(
  db: Executor,
  caller: DossierCaller,
  tableId: string,
): Promise<ExportRow[]> {
  const rows = (await readRows(db, caller, tableId)).filter((r) => r.readable);
  const cells = await db
    .select({
      rowId: reviewTableCells.rowId,
      columnId: reviewTableCells.columnId,
      answer: reviewTableCells.answer,
      status: reviewTableCells.status,
      edited: reviewTableCells.edited,
      explanation: reviewTableCells.explanation,
      citations: reviewTableCells.citations,
    })
    .from(reviewTableCells)
    .where(eq(reviewTableCells.tableId, tableId));
  const byRow = new Map<string, Map<string, ExportCell>>();
  for (const cell of cells) {
    const map = byRow.get(cell.rowId) ?? new Map<string, ExportCell>();
    byRow.set(cell.rowId, map);
    map.set(cell.columnId, cell);
  }
  return rows.map((row) => ({
    documentId: row.documentId,
    documentName: row.documentName ?? "",
    cells: byRow.get(row._id) ?? new Map(),
  }));
}

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, tab, carriage
 * return first) gets a leading apostrophe (OWASP's CSV injection advice).
 */
export function escapeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

async function load(db: Executor, caller: DossierCaller, tableId: string) {
  const columns = await db
    .select()
    .from(reviewTableColumns)
    .where(eq(reviewTableColumns.tableId, tableId))
    .orderBy(asc(reviewTableColumns.position), asc(reviewTableColumns.id));
  const rows = await exportRows(db, caller, tableId);
  return { columns, rows };
}

export async function tableCsv(
  db: Executor,
  caller: DossierCaller,
  tableId: string,
): Promise<string> {
  const [{ columns, rows }, { default: Papa }] = await Promise.all([
    load(db, caller, tableId),
    import("papaparse"),
  ]);
  const data = [
    ["Document", ...columns.map((c) => c.question)],
    ...rows.map((row) => [
      row.documentName,
      ...columns.map((c) => row.cells.get(c.id)?.answer ?? ""),
    ]),
  ].map((line) => line.map(escapeFormula));
  // A byte-order mark so spreadsheet programs read UTF-8.
  return `\ufeff${Papa.unparse(data, { newline: "\r\n" })}`;
}

export async function tableXlsx(
  db: Executor,
  caller: DossierCaller,
  tableId: string,
  name: string,
): Promise<Buffer> {
  const [{ columns, rows }, { default: ExcelJS }] = await Promise.all([
    load(db, caller, tableId),
    import("exceljs"),
  ]);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Atrium";
  const answers = workbook.addWorksheet(sheetName(name));
  answers.columns = [
    { header: "Document", width: 40 },
    ...columns.map((c) => ({ header: c.question, width: 30 })),
  ];
  for (const row of rows) {
    answers.addRow([row.documentName, ...columns.map((c) => row.cells.get(c.id)?.answer ?? "")]);
  }
  answers.getRow(1).font = { bold: true };
  answers.views = [{ state: "frozen", ySplit: 1 }];
  const citations = workbook.addWorksheet("Citations");
  citations.columns = [
    { header: "Document", width: 40 },
    { header: "Question", width: 40 },
    { header: "Answer", width: 30 },
    { header: "Explanation", width: 60 },
    { header: "Page", width: 8 },
    { header: "Quote", width: 80 },
  ];
  for (const row of rows) {
    for (const column of columns) {
      const cell = row.cells.get(column.id);
      if (!cell?.answer) continue;
      const list = cell.citations.length > 0 ? cell.citations : [null];
      for (const citation of list) {
        citations.addRow([
          row.documentName,
          column.question,
          cell.answer,
          cell.explanation ?? "",
          citation?.page ?? "",
          citation?.quote ?? "",
        ]);
      }
    }
  }
  citations.getRow(1).font = { bold: true };
  // Every value is written as a plain string (never a formula object): no cell can run.
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A worksheet name: at most 31 characters, none of : \ / ? * [ ]. */
function sheetName(name: string): string {
  return (
    name
      .replace(/[:\\/?*[\]]/g, " ")
      .trim()
      .slice(0, 31) || "Answers"
  );
}
