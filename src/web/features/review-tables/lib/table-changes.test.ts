import { describe, expect, it } from "vitest";
import { decodeTableCells, encodeTableCells } from "#shared/rules/table-cells.ts";
import type { Table, TableCell, TableChanges } from "#shared/schemas/review-table.ts";
import { cellKey } from "./grid-model.ts";
import {
  mergeTableChanges,
  newCellIndexState,
  settledCount,
  updateCellIndex,
} from "./table-changes.ts";

const cell = (rowId: string, columnId: string, over: Partial<TableCell> = {}): TableCell => ({
  rowId,
  columnId,
  status: "queued",
  answer: null,
  value: null,
  edited: false,
  citationCount: 0,
  error: null,
  ...over,
});

const progress = { total: 4, done: 0, failed: 0, pending: 4, estimateSeconds: null };

function table(cells: TableCell[]): Table {
  return {
    table: {
      _id: "t",
      name: "T",
      ownerId: "u",
      ownerName: "U",
      role: "owner",
      rowCount: 2,
      columnCount: 2,
      progress,
      createdAt: 0,
      updatedAt: 0,
    },
    columns: [],
    rows: [],
    cells: encodeTableCells(["r1", "r2"], ["c1", "c2"], cells),
    revision: "rev-1",
  };
}

const start = table([cell("r1", "c1"), cell("r1", "c2"), cell("r2", "c1"), cell("r2", "c2")]);

describe("mergeTableChanges", () => {
  it("merges changed cells, keeps unchanged columns as they were and moves the revision", () => {
    const changes: TableChanges = {
      revision: "rev-2",
      reset: false,
      progress: { ...progress, done: 1, pending: 3 },
      cells: [cell("r2", "c1", { status: "done", answer: "Yes", value: true, citationCount: 2 })],
    };
    const merged = mergeTableChanges(start, changes)!;
    expect(merged.revision).toBe("rev-2");
    expect(merged.table.progress.done).toBe(1);
    expect(merged.cells.rowIds).toBe(start.cells.rowIds);
    expect(merged.cells.columns[1]).toBe(start.cells.columns[1]);
    expect(decodeTableCells(merged.cells)).toContainEqual(
      cell("r2", "c1", { status: "done", answer: "Yes", value: true, citationCount: 2 }),
    );
    // The same push again changes nothing.
    expect(mergeTableChanges(merged, changes)).toBeNull();
  });

  it("sets and clears corrections and errors; ignores rows it does not have", () => {
    const failed = mergeTableChanges(start, {
      revision: "rev-2",
      reset: false,
      progress,
      cells: [
        cell("r1", "c2", { status: "failed", error: "Busy" }),
        cell("r9", "c2", { status: "done" }),
      ],
    })!;
    expect(failed.cells.columns[1]!.errors).toEqual({ "0": "Busy" });
    const corrected = mergeTableChanges(failed, {
      revision: "rev-3",
      reset: false,
      progress,
      cells: [cell("r1", "c2", { status: "done", answer: "No", value: false, edited: true })],
    })!;
    expect(corrected.cells.columns[1]!.errors).toEqual({});
    expect(corrected.cells.columns[1]!.edited).toEqual([0]);
  });
});

describe("updateCellIndex", () => {
  it("indexes every cell, then re-reads only the columns that changed", () => {
    const state = newCellIndexState();
    const first = updateCellIndex(state, start.cells);
    expect(first.get(cellKey("r2", "c2"))?.status).toBe("queued");
    const merged = mergeTableChanges(start, {
      revision: "rev-2",
      reset: false,
      progress,
      cells: [cell("r2", "c2", { status: "done", answer: "12", value: 12 })],
    })!;
    const untouched = first.get(cellKey("r1", "c1"));
    const second = updateCellIndex(state, merged.cells);
    expect(second).not.toBe(first);
    expect(second.get(cellKey("r2", "c2"))?.answer).toBe("12");
    expect(second.get(cellKey("r1", "c1"))).toBe(untouched);
    // A column removed (optimistically) leaves the index.
    const without = updateCellIndex(state, {
      ...merged.cells,
      columns: [merged.cells.columns[0]!],
    });
    expect(without.get(cellKey("r2", "c2"))).toBeUndefined();
  });

  it("counts settled cells from the compact form", () => {
    expect(settledCount(start.cells)).toBe(4);
    expect(settledCount(table([cell("r1", "c1", { status: "empty" })]).cells)).toBe(0);
  });
});
