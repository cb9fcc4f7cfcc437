import { decodeTableCells } from "#shared/rules/table-cells.ts";
import {
  CELL_STATUSES,
  type Table,
  type TableCell,
  type TableCells,
  type TableChanges,
  type TableColumnCells,
} from "#shared/schemas/review-table.ts";
import { type CellKey, type CellMap, cellKey } from "./grid-model.ts";

/**
 * Live updates of an open table (decision 029, amendment 2026-11-25): the page
 * reads `tables.get` once, then merges what `tables.getChanges` sends. These
 * are plain functions over the compact form, so a push of a few cells costs a
 * few cells, not the 200,000 of a 10,000 x 20 table.
 */

const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The table with `changes` merged in, or null when nothing differs (the
 * same cells sent again: then the page keeps its revision and asks nothing
 * new). Columns without changes keep their identity, so the page decodes
 * only the changed ones.
 */
export function mergeTableChanges(table: Table, changes: TableChanges): Table | null {
  const rowIndex = new Map(table.cells.rowIds.map((id, i) => [id, i]));
  const byColumn = new Map<string, Array<{ r: number; cell: TableCell }>>();
  for (const cell of changes.cells) {
    const r = rowIndex.get(cell.rowId);
    if (r === undefined) continue;
    const list = byColumn.get(cell.columnId) ?? [];
    list.push({ r, cell });
    byColumn.set(cell.columnId, list);
  }
  let changed = false;
  const columns = table.cells.columns.map((column): TableColumnCells => {
    const list = byColumn.get(column.columnId);
    if (!list) return column;
    let next: {
      status: string[];
      answer: Array<string | null>;
      value: TableColumnCells["value"];
      citationCount: number[];
      edited: Set<number>;
      errors: Record<string, string>;
    } | null = null;
    const edited = new Set(column.edited);
    for (const { r, cell } of list) {
      const code = String(CELL_STATUSES.indexOf(cell.status));
      const same =
        column.status[r] === code &&
        (column.answer[r] ?? null) === cell.answer &&
        sameValue(column.value[r] ?? null, cell.value) &&
        (column.citationCount[r] ?? 0) === cell.citationCount &&
        edited.has(r) === cell.edited &&
        (column.errors[r] ?? null) === cell.error;
      if (same) continue;
      next ??= {
        status: [...column.status],
        answer: [...column.answer],
        value: [...column.value],
        citationCount: [...column.citationCount],
        edited: new Set(column.edited),
        errors: { ...column.errors },
      };
      next.status[r] = code;
      next.answer[r] = cell.answer;
      next.value[r] = cell.value;
      next.citationCount[r] = cell.citationCount;
      if (cell.edited) next.edited.add(r);
      else next.edited.delete(r);
      if (cell.error === null) delete next.errors[r];
      else next.errors[r] = cell.error;
    }
    if (!next) return column;
    changed = true;
    return {
      columnId: column.columnId,
      status: next.status.join(""),
      answer: next.answer,
      value: next.value,
      citationCount: next.citationCount,
      edited: [...next.edited].sort((a, b) => a - b),
      errors: next.errors,
    };
  });
  const progressChanged =
    changes.progress !== null &&
    JSON.stringify(changes.progress) !== JSON.stringify(table.table.progress);
  if (!changed && !progressChanged) return null;
  return {
    ...table,
    table:
      progressChanged && changes.progress
        ? { ...table.table, progress: changes.progress }
        : table.table,
    cells: changed ? { rowIds: table.cells.rowIds, columns } : table.cells,
    // Only a merge that changed cells moves the revision (and so the subscription).
    revision: changed ? changes.revision : table.revision,
  };
}

/**
 * The cells by key, kept across pushes: only columns whose object changed are
 * decoded again, and a new lookup object is returned so memoized rows see the
 * change. `state` is the caller's (a ref).
 */
export interface CellIndexState {
  rowIds: readonly string[] | null;
  columns: Map<string, TableColumnCells>;
  map: Map<CellKey, TableCell>;
}

export const newCellIndexState = (): CellIndexState => ({
  rowIds: null,
  columns: new Map(),
  map: new Map(),
});

export function updateCellIndex(state: CellIndexState, compact: TableCells): CellMap {
  if (state.rowIds !== compact.rowIds) {
    state.rowIds = compact.rowIds;
    state.columns = new Map();
    state.map = new Map();
  }
  const { map } = state;
  const present = new Set<string>();
  const forget = (columnId: string) => {
    for (const rowId of compact.rowIds) map.delete(cellKey(rowId, columnId));
  };
  for (const column of compact.columns) {
    present.add(column.columnId);
    if (state.columns.get(column.columnId) === column) continue;
    forget(column.columnId);
    for (const cell of decodeTableCells({ rowIds: compact.rowIds, columns: [column] })) {
      map.set(cellKey(cell.rowId, cell.columnId), cell);
    }
    state.columns.set(column.columnId, column);
  }
  for (const columnId of [...state.columns.keys()]) {
    if (present.has(columnId)) continue;
    forget(columnId);
    state.columns.delete(columnId);
  }
  return { get: (key: CellKey) => map.get(key) };
}

/** Cells that count as settled for "Fill": corrected, answered, queued or running. */
export function settledCount(compact: TableCells): number {
  let settled = 0;
  for (const column of compact.columns) {
    const edited = new Set(column.edited);
    for (let r = 0; r < column.status.length; r++) {
      const c = column.status[r];
      if (c === "1" || c === "2" || c === "3" || edited.has(r)) settled++;
    }
  }
  return settled;
}
