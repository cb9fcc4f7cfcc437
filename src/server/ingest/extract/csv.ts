import Papa from "papaparse";
import { MAX_CELL_CHARS, MAX_TABLE_COLUMNS_TEXT, MAX_TABLE_ROWS_TEXT } from "./limits.ts";
import { renderTablePreview } from "./preview-canvas.ts";
import { readTextPrefix } from "./read-text.ts";
import { rowsToText, tableHtml } from "./table-html.ts";
import { cutText, stripControlCharacters } from "./text-utils.ts";
import type { Extracted, ExtractionInput } from "./types.ts";

/**
 * CSV: one HTML table. papaparse guesses the delimiter and handles quotes,
 * CRLF and a BOM. Every row is counted; only the first MAX_TABLE_ROWS_TEXT
 * are kept (for text and search), fewer are shown.
 */
export async function extractCsv(input: ExtractionInput): Promise<Extracted> {
  const source = await readTextPrefix(input.filePath, "CSV file");
  let text = stripControlCharacters(source.text);
  // A prefix of a huge file ends mid-row: drop that row.
  if (source.truncated) text = text.slice(0, Math.max(0, text.lastIndexOf("\n")));
  const rows: string[][] = [];
  let rowCount = 0;
  let columnCount = 0;
  let delimiter = ",";
  Papa.parse<string[]>(text, {
    skipEmptyLines: "greedy",
    step: (result) => {
      rowCount += 1;
      columnCount = Math.max(columnCount, result.data.length);
      delimiter = result.meta.delimiter;
      if (rows.length < MAX_TABLE_ROWS_TEXT) {
        rows.push(
          result.data
            .slice(0, MAX_TABLE_COLUMNS_TEXT)
            .map((cell) => cutText(cell.replace(/\s+/g, " ").trim(), MAX_CELL_CHARS)),
        );
      }
    },
  });
  const header = (rows[0] ?? []).filter(Boolean).slice(0, 6);
  return {
    html: tableHtml(rows, rowCount),
    sections: [{ text: rowsToText(rows), location: {} }],
    metadata: { rows: rowCount, columns: columnCount, delimiter },
    preview: await renderTablePreview({ rows: rows.slice(0, 20) }),
    summary: describeTable(rowCount, columnCount, header),
    truncated: source.truncated,
  };
}

function describeTable(rows: number, columns: number, header: string[]): string | null {
  if (rows === 0) return null;
  const shape = `A table of ${rows} ${rows === 1 ? "row" : "rows"} and ${columns} ${columns === 1 ? "column" : "columns"}`;
  return header.length > 0
    ? `${shape}: ${header.join(", ")}${columns > header.length ? ", …" : ""}.`
    : `${shape}.`;
}
