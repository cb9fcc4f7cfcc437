import * as tablesApi from "#shared/api/tables.ts";
import type { TableCells } from "#shared/schemas/review-table.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";

/**
 * Writes to review tables. Renames show at once in the list and the open
 * table; everything else waits for the server, whose pushes redraw every open
 * tab. Forms that show their own error pass showErrorToast: false.
 */

export function useCreateTable() {
  return useLiveMutation(tablesApi.create, { showErrorToast: false });
}

export function useRenameTable() {
  return useLiveMutation(tablesApi.rename, {
    showErrorToast: false,
    optimisticUpdate: (store, { tableId, name }) => {
      const list = store.getQuery(tablesApi.list, {});
      if (list)
        store.setQuery(
          tablesApi.list,
          {},
          list.map((table) => (table._id === tableId ? { ...table, name } : table)),
        );
      const open = store.getQuery(tablesApi.get, { tableId });
      if (open)
        store.setQuery(tablesApi.get, { tableId }, { ...open, table: { ...open.table, name } });
    },
  });
}

export function useRemoveTable() {
  return useLiveMutation(tablesApi.remove, {
    optimisticUpdate: (store, { tableId }) => {
      const list = store.getQuery(tablesApi.list, {});
      if (list)
        store.setQuery(
          tablesApi.list,
          {},
          list.filter((table) => table._id !== tableId),
        );
    },
  });
}

export function useAddDocuments() {
  return useLiveMutation(tablesApi.addDocuments, { showErrorToast: false });
}

export function useAddFolder() {
  return useLiveMutation(tablesApi.addFolder, { showErrorToast: false });
}

export function useAddColumn() {
  return useLiveMutation(tablesApi.addColumn, { showErrorToast: false });
}

export function useUpdateColumn() {
  return useLiveMutation(tablesApi.updateColumn, { showErrorToast: false });
}

export function useRemoveColumn() {
  return useLiveMutation(tablesApi.removeColumn, {
    optimisticUpdate: (store, { tableId, columnId }) => {
      const open = store.getQuery(tablesApi.get, { tableId });
      if (open)
        store.setQuery(
          tablesApi.get,
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
  return useLiveMutation(tablesApi.removeRow, {
    optimisticUpdate: (store, { tableId, rowId }) => {
      const open = store.getQuery(tablesApi.get, { tableId });
      if (open)
        store.setQuery(
          tablesApi.get,
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
  return useLiveMutation(tablesApi.setCell, { showErrorToast: false });
}

/** Give a corrected cell back to the model (a failure is a toast). */
export function useGiveBackCell() {
  return useLiveMutation(tablesApi.setCell);
}

export function useFillTable() {
  return useLiveMutation(tablesApi.fill);
}

export function useCancelFill() {
  return useLiveMutation(tablesApi.cancel);
}

export function useShareTable() {
  return useLiveMutation(tablesApi.share, { showErrorToast: false });
}

export function useUnshareTable() {
  return useLiveMutation(tablesApi.unshare);
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
