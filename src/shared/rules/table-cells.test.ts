import { describe, expect, it } from "vitest";
import type { TableCell } from "../schemas/review-table.ts";
import { decodeTableCells, encodeTableCells, gridAnswer } from "./table-cells.ts";

const cell = (rowId: string, columnId: string, extra: Partial<TableCell> = {}): TableCell => ({
  rowId,
  columnId,
  status: "done",
  answer: "Yes",
  value: true,
  edited: false,
  citationCount: 1,
  error: null,
  ...extra,
});

describe("table cells per column", () => {
  it("round-trips statuses, typed values, corrections and errors; missing cells stay missing", () => {
    const cells = [
      cell("r2", "c1", { answer: "123", value: "123", edited: true }),
      cell("r1", "c1", { status: "failed", answer: null, value: null, error: "Model down" }),
      cell("r1", "c2", { status: "queued", answer: null, value: null, citationCount: 0 }),
      cell("r2", "c2", { answer: "alpha; beta", value: ["alpha", "beta"] }),
      cell("hidden", "c1"),
    ];
    const encoded = encodeTableCells(["r1", "r2", "r3"], ["c1", "c2"], cells);
    expect(encoded.columns[0]!.status).toBe("43-");
    expect(encoded.columns[1]!.status).toBe("13-");
    expect(JSON.parse(JSON.stringify(encoded))).toEqual(encoded);
    const decoded = decodeTableCells(encoded);
    const sorted = (list: TableCell[]) =>
      [...list].sort((a, b) => `${a.rowId}${a.columnId}`.localeCompare(`${b.rowId}${b.columnId}`));
    expect(sorted(decoded)).toEqual(sorted(cells.filter((c) => c.rowId !== "hidden")));
  });

  it("cuts long answers for the grid only", () => {
    expect(gridAnswer("short")).toBe("short");
    const long = gridAnswer("x".repeat(1000))!;
    expect(long).toHaveLength(300);
    expect(long.endsWith("…")).toBe(true);
  });
});
