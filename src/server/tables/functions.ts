import { api } from "#shared/api/index.ts";
import { implement, type ServerFunction } from "../api/registry.ts";
import { getTableChanges } from "./table-changes.ts";
import { getCell, getTable, listTables } from "./table-queries.ts";
import { listShares, shareTable, unshareTable } from "./table-shares.ts";
import {
  addColumn,
  addDocuments,
  addFolder,
  cancelTable,
  createTable,
  fillTable,
  removeColumn,
  removeRow,
  removeTable,
  renameTable,
  setCell,
  updateColumn,
} from "./table-writes.ts";

/**
 * tables.*: review tables (issue 14, decision 027). Who may do what is decided
 * in table-access.ts; filling runs as durable jobs (fill-job.ts).
 */
export const tableFunctions: ServerFunction[] = [
  implement(api.tables.list, async (ctx) => listTables(ctx)),
  implement(api.tables.get, async (ctx, args) => getTable(ctx, args.tableId)),
  implement(api.tables.getCell, async (ctx, args) => getCell(ctx, args)),
  implement(api.tables.getChanges, async (ctx, args) => getTableChanges(ctx, args)),
  implement(api.tables.create, async (ctx, args) => createTable(ctx, args.name)),
  implement(api.tables.rename, async (ctx, args) => renameTable(ctx, args.tableId, args.name)),
  implement(api.tables.remove, async (ctx, args) => removeTable(ctx, args.tableId)),
  implement(api.tables.addDocuments, async (ctx, args) => addDocuments(ctx, args)),
  implement(api.tables.addFolder, async (ctx, args) => addFolder(ctx, args)),
  implement(api.tables.addColumn, async (ctx, args) => addColumn(ctx, args)),
  implement(api.tables.updateColumn, async (ctx, args) => updateColumn(ctx, args)),
  implement(api.tables.removeRow, async (ctx, args) => removeRow(ctx, args)),
  implement(api.tables.removeColumn, async (ctx, args) => removeColumn(ctx, args)),
  implement(api.tables.setCell, async (ctx, args) => setCell(ctx, args)),
  implement(api.tables.fill, async (ctx, args) => fillTable(ctx, args.tableId)),
  implement(api.tables.cancel, async (ctx, args) => cancelTable(ctx, args.tableId)),
  implement(api.tables.listShares, async (ctx, args) => listShares(ctx, args.tableId)),
  implement(api.tables.share, async (ctx, args) => shareTable(ctx, args)),
  implement(api.tables.unshare, async (ctx, args) => unshareTable(ctx, args)),
];
