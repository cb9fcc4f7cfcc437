import { sql } from "drizzle-orm";
import type { CellValue, TableCell } from "#shared/schemas/review-table.ts";
import { reviewTableCells } from "../db/schema.ts";

/** A cell as tables.get, tables.getChanges and tables.setCell show it (table-queries.ts, table-changes.ts). */
export function cellView(cell: {
  rowId: string;
  columnId: string;
  status: TableCell["status"];
  answer: string | null;
  value: CellValue | undefined;
  edited: boolean;
  citationCount: number;
  error: string | null;
}): TableCell {
  return {
    rowId: cell.rowId,
    columnId: cell.columnId,
    status: cell.status,
    answer: cell.answer,
    value: cell.value ?? null,
    edited: cell.edited,
    citationCount: cell.citationCount,
    error: cell.error,
  };
}

/**
 * The typed value, read as JSON text and parsed once here. Both drivers
 * (PGlite, postgres.js) already parse jsonb and drizzle's jsonb column then
 * parses a string again: "123", "true", "null" came back as a number, a
 * boolean or null, and "12e456" as Infinity. Reading `value::text` leaves no
 * driver a jsonb to parse, whatever it does.
 */
export const cellValueSql = sql<CellValue>`${reviewTableCells.value}::text`.mapWith(parseCellValue);

export function parseCellValue(text: unknown): CellValue {
  if (typeof text !== "string") return (text ?? null) as CellValue;
  return JSON.parse(text) as CellValue;
}
