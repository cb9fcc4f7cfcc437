import { z } from "zod";
import { idSchema } from "./dossier.ts";
import { shareRoleSchema } from "./share.ts";
import { multiLineText, singleLineText } from "./text.ts";

/**
 * Review tables (/modules/table; issue 14, decision 027): rows are documents,
 * columns are questions, a model fills every cell with a short answer, an
 * explanation and citations to the passages it used.
 */
export const TABLE_LIMITS = {
  nameMax: 120,
  rowsMax: 10_000,
  columnsMax: 50,
  questionMax: 500,
  instructionsMax: 2_000,
  optionsMax: 50,
  optionMax: 100,
  /** A hand correction's text. */
  answerMax: 2_000,
  /** Documents one tables.addDocuments call may add. */
  addBatchMax: 2_000,
  /** An answer's characters in tables.get (the grid); tables.getCell has it whole. */
  gridAnswerMax: 300,
} as const;

/** How a column's answers are typed: what the model must answer and how cells sort and filter. */
export const ANSWER_TYPES = [
  "text",
  "yesNo",
  "date",
  "number",
  "currency",
  "choice",
  "list",
] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];
export const answerTypeSchema = z.enum(ANSWER_TYPES);

export const ANSWER_TYPE_LABELS: Record<AnswerType, string> = {
  text: "Free text",
  yesNo: "Yes / No",
  date: "Date",
  number: "Number",
  currency: "Currency",
  choice: "One of a list",
  list: "List of items",
};

export const tableNameSchema = singleLineText({ trim: true })
  .min(1, "Table name is required")
  .max(TABLE_LIMITS.nameMax, `Table name must be at most ${TABLE_LIMITS.nameMax} characters`);

export const questionSchema = multiLineText({ trim: true })
  .min(1, "Question is required")
  .max(TABLE_LIMITS.questionMax, `Question must be at most ${TABLE_LIMITS.questionMax} characters`);

export const instructionsSchema = multiLineText({ trim: true }).max(
  TABLE_LIMITS.instructionsMax,
  `Instructions must be at most ${TABLE_LIMITS.instructionsMax} characters`,
);

/** The choices of a "one of a list" column (required there, ignored elsewhere). */
export const choiceOptionsSchema = z
  .array(
    singleLineText({ trim: true })
      .min(1, "An option cannot be empty")
      .max(
        TABLE_LIMITS.optionMax,
        `An option must be at most ${TABLE_LIMITS.optionMax} characters`,
      ),
  )
  .max(TABLE_LIMITS.optionsMax, `At most ${TABLE_LIMITS.optionsMax} options`);

/** empty: not asked yet (or its question changed); queued: waiting; running: being asked; done: answered; failed: gave up (error says why); cancelled: filling was stopped. */
export const CELL_STATUSES = ["empty", "queued", "running", "done", "failed", "cancelled"] as const;
export type CellStatus = (typeof CELL_STATUSES)[number];

/** A passage an answer rests on: opens the document there, highlighted. */
export const cellCitationSchema = z.object({
  documentId: z.string(),
  chunkId: z.string().nullable(),
  /** The exact words quoted from the passage. */
  quote: z.string(),
  page: z.number().int().nullable(),
});
export type CellCitation = z.infer<typeof cellCitationSchema>;

/** A typed answer: what sorting and filtering use. */
export const cellValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
  z.null(),
]);
export type CellValue = z.infer<typeof cellValueSchema>;

/** A cell as the grid shows it (tables.get): compact, for 10,000 x 20. */
export const tableCellSchema = z.object({
  rowId: z.string(),
  columnId: z.string(),
  status: z.enum(CELL_STATUSES),
  /** The short answer as shown (null until answered). */
  answer: z.string().nullable(),
  value: cellValueSchema,
  /** A member corrected it by hand; refilling leaves it alone. */
  edited: z.boolean(),
  citationCount: z.number().int(),
  error: z.string().nullable(),
});
export type TableCell = z.infer<typeof tableCellSchema>;

/** One cell in full (tables.getCell): explanation, citations, who corrected it. */
export const tableCellDetailSchema = tableCellSchema.extend({
  explanation: z.string().nullable(),
  citations: z.array(cellCitationSchema),
  editedBy: z.object({ userId: z.string(), name: z.string() }).nullable(),
  /** The model's answer before a hand correction, if any. */
  modelAnswer: z.string().nullable(),
  modelId: z.string().nullable(),
  updatedAt: z.number(),
});
export type TableCellDetail = z.infer<typeof tableCellDetailSchema>;

export const tableColumnSchema = z.object({
  _id: z.string(),
  position: z.number().int(),
  question: z.string(),
  answerType: answerTypeSchema,
  instructions: z.string().nullable(),
  options: z.array(z.string()),
});
export type TableColumn = z.infer<typeof tableColumnSchema>;

export const tableRowSchema = z.object({
  _id: z.string(),
  position: z.number().int(),
  documentId: z.string(),
  /** The document's name, or null when the caller can no longer read it (its cells stay hidden). */
  documentName: z.string().nullable(),
  fileType: z.string().nullable(),
});
export type TableRow = z.infer<typeof tableRowSchema>;

/** Filling progress: counts over the cells that are not hand corrections. */
export const tableProgressSchema = z.object({
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  /** queued or running. */
  pending: z.number().int(),
  /** Seconds left at the current pace, or null when nothing is filling. */
  estimateSeconds: z.number().nullable(),
});
export type TableProgress = z.infer<typeof tableProgressSchema>;

export const TABLE_ROLES = ["owner", "editor", "viewer"] as const;
export type TableRole = (typeof TABLE_ROLES)[number];

export const tableSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  role: z.enum(TABLE_ROLES),
  rowCount: z.number().int(),
  columnCount: z.number().int(),
  progress: tableProgressSchema,
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type TableSummary = z.infer<typeof tableSummarySchema>;

/**
 * One column's cells in tables.get, each list aligned with `TableCells.rowIds`
 * (decision 027, amendment): no object per cell, so 10,000 x 20 stays a few
 * MB and cheap to check. Decode with `decodeTableCells` (rules/table-cells.ts).
 */
export const tableColumnCellsSchema = z.object({
  columnId: z.string(),
  /**
   * One character per row: the index of its status in CELL_STATUSES ("0"
   * empty ... "5" cancelled), or "-" for no cell (or a row the caller cannot read).
   */
  status: z.string().regex(/^[0-5-]*$/),
  /** The answer as shown, cut to TABLE_LIMITS.gridAnswerMax characters (getCell has it whole). */
  answer: z.array(z.string().nullable()),
  value: z.array(cellValueSchema),
  citationCount: z.array(z.number().int()),
  /** Row indexes of the cells corrected by hand. */
  edited: z.array(z.number().int()),
  /** Row index -> error of the failed cells. */
  errors: z.record(z.string(), z.string()),
});
export type TableColumnCells = z.infer<typeof tableColumnCellsSchema>;

export const tableCellsSchema = z.object({
  rowIds: z.array(z.string()),
  columns: z.array(tableColumnCellsSchema),
});
export type TableCells = z.infer<typeof tableCellsSchema>;

export const tableSchema = z.object({
  table: tableSummarySchema,
  columns: z.array(tableColumnSchema),
  rows: z.array(tableRowSchema),
  cells: tableCellsSchema,
  /**
   * Where this read stands (opaque): open tabs ask `tables.getChanges` for
   * what changed since it rather than reading the whole table again.
   */
  revision: z.string(),
});
export type Table = z.infer<typeof tableSchema>;

/**
 * tables.getChanges (decision 027, amendment 2026-11-25): the cells changed
 * since a revision, each as a compact cell (answers cut like tables.get's),
 * only rows the caller may read. `reset`: the table's columns, rows or name
 * changed, too many cells changed, or the revision is unknown: read the whole
 * table again (tables.get).
 */
export const tableChangesSchema = z.object({
  revision: z.string(),
  reset: z.boolean(),
  /** Null when no cell changed (the progress the tab has still holds; it costs a pass over every cell). */
  progress: tableProgressSchema.nullable(),
  cells: z.array(tableCellSchema),
});
export type TableChanges = z.infer<typeof tableChangesSchema>;

export const tableIdArgs = z.object({ tableId: idSchema });

export const newColumnSchema = z.object({
  question: questionSchema,
  answerType: answerTypeSchema,
  instructions: instructionsSchema.optional(),
  options: choiceOptionsSchema.optional(),
});

export const tableAccessSchema = z.object({
  organization: z.object({ role: shareRoleSchema }).nullable(),
  members: z.array(
    z.object({ userId: z.string(), name: z.string(), email: z.string(), role: shareRoleSchema }),
  ),
});
export type TableAccess = z.infer<typeof tableAccessSchema>;

/** The hand correction of a cell; null gives the cell back to the model (refilled on next fill). */
export const cellAnswerSchema = multiLineText({ trim: true })
  .min(1, "Answer cannot be empty")
  .max(TABLE_LIMITS.answerMax, `Answer must be at most ${TABLE_LIMITS.answerMax} characters`)
  .nullable();
