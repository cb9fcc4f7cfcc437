import { z } from "zod";
import { idSchema } from "../schemas/dossier.ts";
import {
  cellAnswerSchema,
  newColumnSchema,
  TABLE_LIMITS,
  tableAccessSchema,
  tableCellDetailSchema,
  tableCellSchema,
  tableChangesSchema,
  tableIdArgs,
  tableNameSchema,
  tableSchema,
  tableSummarySchema,
} from "../schemas/review-table.ts";
import { shareGranteeSchema, shareRoleSchema } from "../schemas/share.ts";
import { singleLineText } from "../schemas/text.ts";
import { mutationContract, queryContract } from "./define.ts";

/**
 * Review tables (issue 14, decision 027). A table belongs to the member who
 * created it; shared members are viewers (read, export) or editors (also add
 * rows and columns, fill, correct cells). A caller without access gets "not
 * found", as for a missing id. Export: GET /api/tables/{tableId}/export?format=csv|xlsx.
 */

/** The tables the caller can see: theirs and those shared with them, latest change first. */
export const list = queryContract("tables.list", {
  args: z.object({}),
  returns: z.array(tableSummarySchema),
});

/**
 * A table: its columns, rows and every cell, the cells per column aligned
 * with the readable rows (`TableCells`; decode with `decodeTableCells`).
 */
export const get = queryContract("tables.get", {
  args: tableIdArgs,
  returns: tableSchema,
});

/** One cell in full: explanation, citations, correction. */
export const getCell = queryContract("tables.getCell", {
  args: tableIdArgs.extend({ rowId: idSchema, columnId: idSchema }),
  returns: tableCellDetailSchema,
});

export const create = mutationContract("tables.create", {
  args: z.object({ name: tableNameSchema }),
  returns: z.object({ tableId: z.string() }),
});

export const rename = mutationContract("tables.rename", {
  args: tableIdArgs.extend({ name: tableNameSchema }),
  returns: z.null(),
});

/** Owner only: the table, its cells and its shares go. */
export const remove = mutationContract("tables.remove", {
  args: tableIdArgs,
  returns: z.null(),
});

/**
 * Documents as rows (ones the caller may read; ones already there are
 * skipped). New rows' cells are queued when the table has columns.
 */
export const addDocuments = mutationContract("tables.addDocuments", {
  args: tableIdArgs.extend({
    documentIds: z
      .array(idSchema)
      .min(1, "Choose at least one document")
      .max(TABLE_LIMITS.addBatchMax, `At most ${TABLE_LIMITS.addBatchMax} documents at a time`),
  }),
  returns: z.object({ added: z.number().int(), skipped: z.number().int() }),
});

/** Every readable document of a folder (and its subfolders when asked) as rows. */
export const addFolder = mutationContract("tables.addFolder", {
  args: tableIdArgs.extend({ folderId: idSchema, includeSubfolders: z.boolean() }),
  returns: z.object({ added: z.number().int(), skipped: z.number().int() }),
});

/** A question as a new column; its cells are queued for every row. */
export const addColumn = mutationContract("tables.addColumn", {
  args: tableIdArgs.extend(newColumnSchema.shape),
  returns: z.object({ columnId: z.string() }),
});

/** Change a column; a changed question, type, instructions or options re-runs only that column (hand corrections stay). */
export const updateColumn = mutationContract("tables.updateColumn", {
  args: tableIdArgs.extend({ columnId: idSchema }).extend(newColumnSchema.partial().shape),
  returns: z.null(),
});

export const removeRow = mutationContract("tables.removeRow", {
  args: tableIdArgs.extend({ rowId: idSchema }),
  returns: z.null(),
});

export const removeColumn = mutationContract("tables.removeColumn", {
  args: tableIdArgs.extend({ columnId: idSchema }),
  returns: z.null(),
});

/** Correct a cell by hand (kept and marked); answer null hands it back to the model. */
export const setCell = mutationContract("tables.setCell", {
  args: tableIdArgs.extend({ rowId: idSchema, columnId: idSchema, answer: cellAnswerSchema }),
  returns: tableCellSchema,
});

/** Queue every cell that has no answer yet (or failed); answered and corrected cells stay. */
export const fill = mutationContract("tables.fill", {
  args: tableIdArgs,
  returns: z.object({ queued: z.number().int() }),
});

/** Stop filling: queued cells go back to empty; running ones finish or are dropped. */
export const cancel = mutationContract("tables.cancel", {
  args: tableIdArgs,
  returns: z.object({ cancelled: z.number().int() }),
});

/** Who the owner shared the table with (owner only). */
export const listShares = queryContract("tables.listShares", {
  args: tableIdArgs,
  returns: tableAccessSchema,
});

export const share = mutationContract("tables.share", {
  args: tableIdArgs.extend({ grantee: shareGranteeSchema, role: shareRoleSchema }),
  returns: tableAccessSchema,
});

export const unshare = mutationContract("tables.unshare", {
  args: tableIdArgs.extend({ grantee: shareGranteeSchema }),
  returns: tableAccessSchema,
});

/**
 * What changed in a table since a revision (`Table.revision`, or an earlier
 * answer's): open tabs keep a live subscription on their revision and merge
 * the changed cells into the table they read, instead of reading it whole on
 * every change (decision 027, amendment 2026-11-25).
 */
export const getChanges = queryContract("tables.getChanges", {
  args: tableIdArgs.extend({ sinceRevision: singleLineText().min(1).max(200) }),
  returns: tableChangesSchema,
});
