import ExcelJS from "exceljs";
import { ExtractionError } from "./extraction-error.ts";
import { MAX_SHEETS, MAX_TABLE_COLUMNS_TEXT, MAX_TABLE_ROWS_TEXT } from "./limits.ts";
import { CORE_PROPERTIES, readOfficeProperties } from "./office-properties.ts";
import { renderTablePreview } from "./preview-canvas.ts";
import { cellText, rowsToText, tableHtml } from "./table-html.ts";
import { escapeHtml } from "./text-utils.ts";
import type { Extracted, ExtractionInput, TextSection } from "./types.ts";
import { guardZip } from "./zip-guard.ts";

const LABEL = "Excel file";

interface SheetSummary {
  name: string;
  rows: number;
  columns: number;
  hidden?: boolean;
}

/**
 * XLSX: each worksheet an HTML table and a text section (cells tab-separated),
 * formula results and dates as shown. exceljs re-scans a sheet on every
 * rowCount/columnCount read, so both are read once per sheet.
 */
export async function extractXlsx(input: ExtractionInput): Promise<Extracted> {
  const zip = await guardZip(input.filePath, LABEL, (name) => name === CORE_PROPERTIES);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.readFile(input.filePath);
  } catch (error) {
    throw new ExtractionError(`This ${LABEL} is damaged and could not be read.`, { cause: error });
  }
  const sheets: SheetSummary[] = [];
  const sections: TextSection[] = [];
  const htmlParts: string[] = [];
  let previewRows: string[][] | undefined;
  let previewTitle: string | undefined;
  for (const sheet of workbook.worksheets.slice(0, MAX_SHEETS)) {
    const rowCount = sheet.rowCount;
    const columnCount = sheet.columnCount;
    const rows = readRows(
      sheet,
      Math.min(rowCount, MAX_TABLE_ROWS_TEXT),
      Math.min(columnCount, MAX_TABLE_COLUMNS_TEXT),
    );
    const hidden = sheet.state !== "visible";
    sheets.push({
      name: sheet.name,
      rows: rowCount,
      columns: columnCount,
      ...(hidden ? { hidden } : {}),
    });
    sections.push({ text: rowsToText(rows), location: { sheet: sheet.name } });
    htmlParts.push(
      `<section data-sheet="${escapeHtml(sheet.name)}"><h2>${escapeHtml(sheet.name)}</h2>\n${tableHtml(rows, rowCount)}</section>`,
    );
    if (!previewRows && !hidden && rows.length > 0) {
      previewRows = rows.slice(0, 20);
      previewTitle = sheet.name;
    }
  }
  const properties = readOfficeProperties(zip.files);
  return {
    html: htmlParts.join("\n"),
    sections,
    metadata: { ...properties, sheets, sheetCount: workbook.worksheets.length },
    preview: await renderTablePreview({ title: previewTitle, rows: previewRows ?? [] }),
    summary: describeWorkbook(sheets),
  };
}

/**
 * The sheet's cells as text, row by row, up to the limits. Only rows that
 * exist are visited (getRow/getCell would create the missing ones: a sheet
 * claiming a million rows would then cost a million objects).
 */
function readRows(sheet: ExcelJS.Worksheet, rowLimit: number, columnLimit: number): string[][] {
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber > rowLimit) return;
    while (rows.length < rowNumber - 1) rows.push([]);
    const values = Array.isArray(row.values) ? row.values : [];
    const cells: string[] = [];
    const last = Math.min(values.length - 1, columnLimit);
    for (let column = 1; column <= last; column += 1) cells.push(cellText(values[column]));
    while (cells.length > 0 && cells[cells.length - 1] === "") cells.pop();
    rows.push(cells);
  });
  // Trailing empty rows (formatting only) add nothing.
  while (rows.length > 0 && rows[rows.length - 1]!.length === 0) rows.pop();
  return rows;
}

function describeWorkbook(sheets: SheetSummary[]): string | null {
  if (sheets.length === 0) return null;
  const parts = sheets
    .slice(0, 8)
    .map(
      (sheet) =>
        `${sheet.name} (${sheet.rows} ${sheet.rows === 1 ? "row" : "rows"} × ${sheet.columns} ${sheet.columns === 1 ? "column" : "columns"})`,
    );
  const more = sheets.length > 8 ? `, and ${sheets.length - 8} more` : "";
  const noun = sheets.length === 1 ? "sheet" : "sheets";
  return `A workbook of ${sheets.length} ${noun}: ${parts.join(", ")}${more}.`;
}
