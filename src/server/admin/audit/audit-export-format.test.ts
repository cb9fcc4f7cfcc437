import { describe, expect, it } from "vitest";
import { csvCell } from "./audit-export-format.ts";

describe("csvCell", () => {
  it("quotes every value and doubles inner quotes", () => {
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvCell(null)).toBe('""');
  });

  it("defuses what a spreadsheet would run as a formula", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(csvCell(`${start}HYPERLINK("x")`)).toBe(`"'${start}HYPERLINK(""x"")"`);
    }
    expect(csvCell("plain")).toBe('"plain"');
  });
});
