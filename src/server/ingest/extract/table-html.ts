import type { CellValue } from "exceljs";
import { MAX_CELL_CHARS, MAX_TABLE_COLUMNS_HTML, MAX_TABLE_ROWS_HTML } from "./limits.ts";
import { cutText, escapeHtml } from "./text-utils.ts";

/** Rows of cells as an HTML table (the first row as its header), capped for display. */
export function tableHtml(rows: readonly (readonly string[])[], totalRows = rows.length): string {
  const shown = rows.slice(0, MAX_TABLE_ROWS_HTML);
  if (shown.length === 0) return "<p><em>This sheet is empty.</em></p>";
  const width = Math.min(
    MAX_TABLE_COLUMNS_HTML,
    shown.reduce((max, row) => Math.max(max, row.length), 0),
  );
  const cells = (row: readonly string[], tag: "th" | "td") =>
    Array.from({ length: width }, (_, i) => `<${tag}>${escapeHtml(row[i] ?? "")}</${tag}>`).join(
      "",
    );
  const [head, ...body] = shown;
  const parts = [
    "<table>",
    `<thead><tr>${cells(head!, "th")}</tr></thead>`,
    `<tbody>${body.map((row) => `<tr>${cells(row, "td")}</tr>`).join("\n")}</tbody>`,
    "</table>",
  ];
  const widest = rows.reduce((max, row) => Math.max(max, row.length), 0);
  const notes: string[] = [];
  if (totalRows > shown.length) notes.push(`the first ${shown.length} of ${totalRows} rows`);
  if (widest > width) notes.push(`the first ${width} of ${widest} columns`);
  if (notes.length > 0) parts.push(`<p><em>Showing ${notes.join(" and ")}.</em></p>`);
  return parts.join("\n");
}

/** Rows as text: cells separated by tabs, one row a line, empty rows left out. */
export function rowsToText(rows: readonly (readonly string[])[]): string {
  return rows
    .map((row) => row.join("\t").replace(/\t+$/, ""))
    .filter((line) => line.trim().length > 0)
    .join("\n");
}

/** A spreadsheet cell as people read it: formula results, rich text, dates as ISO dates. */
export function cellText(value: CellValue): string {
  return cutText(rawCellText(value).replace(/\s+/g, " ").trim(), MAX_CELL_CHARS);
}

function rawCellText(value: CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return formatNumber(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return formatDate(value);
  if ("richText" in value) return value.richText.map((run) => run.text).join("");
  if ("hyperlink" in value)
    return typeof value.text === "string" ? value.text : String(value.hyperlink);
  if ("error" in value) return value.error;
  if ("result" in value && value.result !== undefined) return rawCellText(value.result);
  return "";
}

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  // 0.1 + 0.2 is shown as 0.3, as a spreadsheet would.
  return String(Number(value.toPrecision(15)));
}

function formatDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return "";
  const iso = date.toISOString();
  if (iso.endsWith("T00:00:00.000Z")) return iso.slice(0, 10);
  return `${iso.slice(0, 10)} ${iso.slice(11, iso.endsWith(":00.000Z") ? 16 : 19)}`;
}
