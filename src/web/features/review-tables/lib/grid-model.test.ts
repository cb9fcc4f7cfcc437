import { describe, expect, it } from "vitest";
import type { TableCell, TableColumn, TableRow } from "#shared/schemas/review-table.ts";
import { filterRows, indexCells, isActiveFilter, sortRows, visibleRows } from "./grid-model.ts";

const column = (id: string, answerType: TableColumn["answerType"]): TableColumn => ({
  _id: id,
  position: 0,
  question: id,
  answerType,
  instructions: null,
  options: [],
});
const rows: TableRow[] = ["a", "b", "c", "d"].map((id, position) => ({
  _id: id,
  position,
  documentId: `doc-${id}`,
  documentName: `${id}.pdf`,
  fileType: "pdf",
}));
const cell = (rowId: string, columnId: string, value: TableCell["value"], answer?: string) =>
  ({
    rowId,
    columnId,
    status: value === null ? "queued" : "done",
    answer: answer ?? (value === null ? null : String(value)),
    value,
    edited: false,
    citationCount: 0,
    error: null,
  }) satisfies TableCell;

const columns = [
  column("amount", "currency"),
  column("renews", "yesNo"),
  column("signed", "date"),
  column("law", "choice"),
  column("party", "text"),
  column("tags", "list"),
];
const cells = indexCells([
  cell("a", "amount", 1200),
  cell("b", "amount", 90),
  cell("c", "amount", null),
  cell("d", "amount", 1_000_000),
  cell("a", "renews", true),
  cell("b", "renews", false),
  cell("c", "renews", true),
  cell("a", "signed", "2024-05-31"),
  cell("b", "signed", "2019-01-02"),
  cell("d", "signed", "2021-12-24"),
  cell("a", "law", "France"),
  cell("b", "law", "Germany"),
  cell("c", "law", "france"),
  cell("a", "party", "ACME Corp"),
  cell("b", "party", "item 10"),
  cell("c", "party", "item 9"),
  cell("d", "party", "Zeta"),
  cell("a", "tags", ["nda", "msa"]),
  cell("b", "tags", ["lease"]),
]);
const ids = (list: TableRow[]) => list.map((row) => row._id);

describe("sorting by typed values", () => {
  it("keeps table order without a sort", () => {
    expect(ids(sortRows([...rows].reverse(), columns, cells, null))).toEqual(["a", "b", "c", "d"]);
  });

  it("sorts amounts as numbers, cells without a value last in both directions", () => {
    expect(ids(sortRows(rows, columns, cells, { columnId: "amount", direction: "asc" }))).toEqual([
      "b",
      "a",
      "d",
      "c",
    ]);
    expect(ids(sortRows(rows, columns, cells, { columnId: "amount", direction: "desc" }))).toEqual([
      "d",
      "a",
      "b",
      "c",
    ]);
  });

  it("reads amounts written with a currency code or thousands separators", () => {
    const money = indexCells([
      cell("a", "amount", "1250.00 EUR"),
      cell("b", "amount", "EUR 1,250,000"),
      cell("c", "amount", "-3.5 USD"),
      cell("d", "amount", "not a number"),
    ]);
    expect(ids(sortRows(rows, columns, money, { columnId: "amount", direction: "asc" }))).toEqual([
      "c",
      "a",
      "b",
      "d",
    ]);
  });

  it("sorts yes/no with No first ascending, ties in table order", () => {
    expect(ids(sortRows(rows, columns, cells, { columnId: "renews", direction: "asc" }))).toEqual([
      "b",
      "a",
      "c",
      "d",
    ]);
  });

  it("sorts dates by day and text naturally, ignoring case", () => {
    expect(ids(sortRows(rows, columns, cells, { columnId: "signed", direction: "asc" }))).toEqual([
      "b",
      "d",
      "a",
      "c",
    ]);
    expect(ids(sortRows(rows, columns, cells, { columnId: "party", direction: "asc" }))).toEqual([
      "a",
      "c",
      "b",
      "d",
    ]);
  });
});

describe("filtering by typed values", () => {
  it("filters yes/no, ranges and day ranges", () => {
    expect(
      ids(filterRows(rows, columns, cells, { renews: { kind: "yesNo", value: true } })),
    ).toEqual(["a", "c"]);
    expect(
      ids(filterRows(rows, columns, cells, { amount: { kind: "range", min: 100, max: null } })),
    ).toEqual(["a", "d"]);
    expect(
      ids(
        filterRows(rows, columns, cells, {
          signed: { kind: "dateRange", from: "2020-01-01", to: "2023-12-31" },
        }),
      ),
    ).toEqual(["d"]);
  });

  it("matches choices without regard to case, and list items", () => {
    expect(
      ids(filterRows(rows, columns, cells, { law: { kind: "oneOf", values: ["France"] } })),
    ).toEqual(["a", "c"]);
    expect(
      ids(filterRows(rows, columns, cells, { tags: { kind: "oneOf", values: ["msa"] } })),
    ).toEqual(["a"]);
  });

  it("finds text that contains the words, and ANDs filters of several columns", () => {
    expect(
      ids(filterRows(rows, columns, cells, { party: { kind: "contains", text: "ITEM" } })),
    ).toEqual(["b", "c"]);
    expect(
      ids(
        visibleRows(
          rows,
          columns,
          cells,
          { columnId: "party", direction: "desc" },
          {
            party: { kind: "contains", text: "item" },
            renews: { kind: "yesNo", value: true },
          },
        ),
      ),
    ).toEqual(["c"]);
  });

  it("treats empty filters as none", () => {
    expect(isActiveFilter({ kind: "contains", text: "  " })).toBe(false);
    expect(isActiveFilter({ kind: "range", min: null, max: null })).toBe(false);
    expect(
      ids(filterRows(rows, columns, cells, { party: { kind: "contains", text: "" } })),
    ).toEqual(["a", "b", "c", "d"]);
  });

  it("sorts 10,000 rows x 20 columns quickly", () => {
    const many: TableRow[] = Array.from({ length: 10_000 }, (_, i) => ({
      _id: `r${i}`,
      position: i,
      documentId: `d${i}`,
      documentName: `${i}.pdf`,
      fileType: "pdf",
    }));
    const big = indexCells(many.map((row, i) => cell(row._id, "amount", (i * 7919) % 10_007)));
    const started = performance.now();
    const sorted = sortRows(many, columns, big, { columnId: "amount", direction: "asc" });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(sorted[0]?._id).toBe("r0");
  });
});
