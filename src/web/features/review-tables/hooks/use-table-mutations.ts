import { api } from "#shared/api/index.ts";
import type { TableCells } from "#shared/schemas/review-table.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";

/**
 * Writes to review tables. Renames show at once in the list and the open
 * table; everything else waits for the server, whose pushes redraw every open
 * tab. Forms that show their own error pass showErrorToast: false.
 */

export function useCreateTable() {
  return useLiveMutation(api.tables.create, { showErrorToast: false });
}

export function useRenameTable() {
  return useLiveMutation(api.tables.rename, {
    showErrorToast: false,
    optimisticUpdate: (store, { tableId, name }) => {
      const list = store.getQuery(api.tables.list, {});
      if (list)
        store.setQuery(
          api.tables.list,
          {},
          list.map((table) => (table._id === tableId ? { ...table, name } : table)),
        );
      const open = store.getQuery(api.tables.get, { tableId });
      if (open)
        store.setQuery(api.tables.get, { tableId }, { ...open, table: { ...open.table, name } });
    },
  });
}

export function useRemoveTable() {
  return useLiveMutation(api.tables.remove, {
    optimisticUpdate: (store, { tableId }) => {
      const list = store.getQuery(api.tables.list, {});
      if (list)
        store.setQuery(
          api.tables.list,
          {},
          list.filter((table) => table._id !== tableId),
        );
    },
  });
}

export function useAddDocuments() {
  return useLiveMutation(api.tables.addDocuments, { showErrorToast: false });
}

export function useAddFolder() {
  return useLiveMutation(api.tables.addFolder, { showErrorToast: false });
}

export function useAddColumn() {
  return useLiveMutation(api.tables.addColumn, { showErrorToast: false });
}

export function useUpdateColumn() {
  return useLiveMutation(api.tables.updateColumn, { showErrorToast: false });
}

export function useRemoveColumn() {
  return useLiveMutation(api.tables.removeColumn, {
    optimisticUpdate: (store, { tableId, columnId }) => {
      const open = store.getQuery(api.tables.get, { tableId });
      if (open)
        store.setQuery(
          api.tables.get,
          { tableId },
          {
            ...open,
            columns: open.columns.filter((column) => column._id !== columnId),
            cells: {
              ...open.cells,
              columns: open.cells.columns.filter((cells) => cells.columnId !== columnId),
            },
          },
        );
    },
  });
}

export function useRemoveRow() {
  return useLiveMutation(api.tables.removeRow, {
    optimisticUpdate: (store, { tableId, rowId }) => {
      const open = store.getQuery(api.tables.get, { tableId });
      if (open)
        store.setQuery(
          api.tables.get,
          { tableId },
          {
            ...open,
            rows: open.rows.filter((row) => row._id !== rowId),
            cells: withoutRow(open.cells, rowId),
          },
        );
    },
  });
}

/** A hand correction from the panel's form, which shows its own error. */
export function useSetCell() {
  return useLiveMutation(api.tables.setCell, { showErrorToast: false });
}

/** Give a corrected cell back to the model (a failure is a toast). */
export function useGiveBackCell() {
  return useLiveMutation(api.tables.setCell);
}

export function useFillTable() {
  return useLiveMutation(api.tables.fill);
}

export function useCancelFill() {
  return useLiveMutation(api.tables.cancel);
}

export function useShareTable() {
  return useLiveMutation(api.tables.share, { showErrorToast: false });
}

export function useUnshareTable() {
  return useLiveMutation(api.tables.unshare);
}

/** The row's cells marked "no cell" (the lists stay aligned with rowIds). */
function withoutRow(cells: TableCells, rowId: string): TableCells {
  const r = cells.rowIds.indexOf(rowId);
  if (r < 0) return cells;
  return {
    ...cells,
    columns: cells.columns.map((column) => ({
      ...column,
      status: `${column.status.slice(0, r)}-${column.status.slice(r + 1)}`,
    })),
  };
}
