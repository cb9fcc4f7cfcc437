import { describe, expect, it } from "vitest";
import { pdfDate } from "./pdf.ts";
import { cellText, rowsToText, tableHtml } from "./table-html.ts";

describe("pdfDate", () => {
  it.each([
    ["D:20240131093000Z", "2024-01-31T09:30:00.000Z"],
    ["D:20240131093000+01'00'", "2024-01-31T08:30:00.000Z"],
    ["D:2024", "2024-01-01T00:00:00.000Z"],
    ["yesterday", undefined],
    [42, undefined],
  ])("%s", (raw, iso) => {
    expect(pdfDate(raw)).toBe(iso);
  });
});

describe("cellText", () => {
  it("shows cells as a spreadsheet does", () => {
    expect(cellText(0.1 + 0.2)).toBe("0.3");
    expect(cellText(new Date(Date.UTC(2024, 1, 29)))).toBe("2024-02-29");
    expect(cellText(new Date(Date.UTC(2024, 1, 29, 13, 5)))).toBe("2024-02-29 13:05");
    expect(cellText({ formula: "A1*2", result: 4 })).toBe("4");
    expect(cellText({ richText: [{ text: "bold " }, { text: "plain" }] })).toBe("bold plain");
    expect(cellText({ text: "site", hyperlink: "https://example.com" })).toBe("site");
    expect(cellText({ error: "#DIV/0!" })).toBe("#DIV/0!");
    expect(cellText(true)).toBe("TRUE");
    expect(cellText(null)).toBe("");
  });
});

describe("tableHtml", () => {
  it("escapes cells, pads short rows and says what it leaves out", () => {
    const rows = [["a<b", "c"], ["1"], ...Array.from({ length: 600 }, (_, i) => [String(i)])];
    const html = tableHtml(rows, 1000);
    expect(html).toContain("<thead><tr><th>a&lt;b</th><th>c</th></tr></thead>");
    expect(html).toContain("<tr><td>1</td><td></td></tr>");
    expect(html).toContain("<p><em>Showing the first 500 of 1000 rows.</em></p>");
    expect(rowsToText([["a", "b", ""], [], ["c"]])).toBe("a\tb\nc");
  });
});
