import {
  CELL_STATUSES,
  type CellStatus,
  type CellValue,
  TABLE_LIMITS,
  type TableCell,
  type TableCells,
  type TableColumnCells,
} from "../schemas/review-table.ts";

/**
 * tables.get's cells travel per column, aligned with their rows (decision 027,
 * amendment); these turn one cell list into that form and back.
 */

const STATUS_CODE = new Map<CellStatus, string>(CELL_STATUSES.map((s, i) => [s, String(i)]));

/** A grid answer: long answers are cut (the panel reads the whole one with tables.getCell). */
export function gridAnswer(answer: string | null): string | null {
  if (answer === null || answer.length <= TABLE_LIMITS.gridAnswerMax) return answer;
  return `${answer.slice(0, TABLE_LIMITS.gridAnswerMax - 1)}…`;
}

/** Cells (any order) as per-column lists aligned with rowIds; cells of other rows or columns are left out. */
export function encodeTableCells(
  rowIds: readonly string[],
  columnIds: readonly string[],
  cells: Iterable<TableCell>,
): TableCells {
  const rowIndex = new Map(rowIds.map((id, i) => [id, i]));
  const n = rowIds.length;
  const columns = columnIds.map(() => ({
    status: new Array<string>(n).fill("-"),
    answer: new Array<string | null>(n).fill(null),
    value: new Array<CellValue>(n).fill(null),
    citationCount: new Array<number>(n).fill(0),
    edited: [] as number[],
    errors: {} as Record<string, string>,
  }));
  const columnIndex = new Map(columnIds.map((id, i) => [id, i]));
  for (const cell of cells) {
    const r = rowIndex.get(cell.rowId);
    const c = columnIndex.get(cell.columnId);
    if (r === undefined || c === undefined) continue;
    const column = columns[c]!;
    column.status[r] = STATUS_CODE.get(cell.status) ?? "-";
    column.answer[r] = gridAnswer(cell.answer);
    column.value[r] = cell.value;
    column.citationCount[r] = cell.citationCount;
    if (cell.edited) column.edited.push(r);
    if (cell.error !== null) column.errors[r] = cell.error;
  }
  for (const column of columns) column.edited.sort((a, b) => a - b);
  return {
    rowIds: [...rowIds],
    columns: columns.map(
      (column, c): TableColumnCells => ({
        columnId: columnIds[c]!,
        ...column,
        status: column.status.join(""),
      }),
    ),
  };
}

/** The cells as one list (rows in rowIds order within each column); "-" entries are no cell. */
export function decodeTableCells(cells: TableCells): TableCell[] {
  const out: TableCell[] = [];
  for (const column of cells.columns) {
    const edited = new Set(column.edited);
    for (let r = 0; r < cells.rowIds.length; r++) {
      const code = column.status.charCodeAt(r) - 48;
      const status = CELL_STATUSES[code];
      if (status === undefined) continue;
      out.push({
        rowId: cells.rowIds[r]!,
        columnId: column.columnId,
        status,
        answer: column.answer[r] ?? null,
        value: column.value[r] ?? null,
        edited: edited.has(r),
        citationCount: column.citationCount[r] ?? 0,
        error: column.errors[r] ?? null,
      });
    }
  }
  return out;
}
