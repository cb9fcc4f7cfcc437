import { z } from "zod";
import { FILE_TYPES } from "#shared/file-types.ts";
import { activeFilterCount as countFilters } from "#shared/rules/active-filter-count.ts";
import { idSchema, PROCESSING_STATUSES } from "#shared/schemas/dossier.ts";

/** A calendar day in the address bar: "2024-05-31". */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const dayParam = z
  .string()
  .trim()
  .regex(DAY)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00`)), "Invalid date");

/** `?tags=a,b` from a typed URL, or `["a","b"]` from a link the app made. */
const tagsParam = z.preprocess(
  (value) => (typeof value === "string" ? value.split(",") : value),
  z
    .array(z.string().trim().min(1).max(100))
    .max(20)
    .transform((tags) => (tags.length > 0 ? [...new Set(tags)] : undefined)),
);

/** `?fileTypes=pdf,docx` or an array. */
const fileTypesParam = z.preprocess(
  (value) => (typeof value === "string" ? value.split(",") : value),
  z
    .array(z.enum(FILE_TYPES))
    .max(FILE_TYPES.length)
    .transform((types) => (types.length > 0 ? [...new Set(types)] : undefined)),
);

const queryParam = z
  .string()
  .trim()
  .max(500)
  .transform((value) => value || undefined);

/**
 * The dossier's search params (SPEC 2): q, tags, processingStatus, start and
 * end, plus the open document. Every field falls back to "absent" on a bad
 * value, so a mistyped URL shows the folder instead of an error.
 */
export const dossierSearchSchema = z.object({
  q: queryParam.optional().catch(undefined),
  tags: tagsParam.optional().catch(undefined),
  processingStatus: z.enum(PROCESSING_STATUSES).optional().catch(undefined),
  start: dayParam.optional().catch(undefined),
  end: dayParam.optional().catch(undefined),
  /** Search filters beyond SPEC's params (decision 031): file types, and subfolders or not. */
  fileTypes: fileTypesParam.optional().catch(undefined),
  /** "0": a search stays in this folder; absent: with its subfolders (SPEC's default). */
  sub: z.enum(["0", "1"]).optional().catch(undefined),
  /** The document shown in the document view. */
  document: idSchema.optional().catch(undefined),
  /** Words to scroll to and mark in the open document (a citation's quote; decision 029). */
  passage: z
    .string()
    .trim()
    .max(500)
    .transform((value) => value || undefined)
    .optional()
    .catch(undefined),
  /** Opened from a search hit: the words to mark in it, and where its passage starts. */
  hl: tagsParam.optional().catch(undefined),
  at: z.string().max(200).optional().catch(undefined),
});

export type DossierSearch = z.infer<typeof dossierSearchSchema>;

/** Filters that narrow a folder's listing in the browser (q goes to the server's search). */
export type DocumentFilters = Pick<
  DossierSearch,
  "tags" | "processingStatus" | "start" | "end" | "fileTypes"
>;

export function hasDocumentFilters(filters: DocumentFilters): boolean {
  return activeFilterCount(filters) > 0;
}

/**
 * SPEC 4: one for each of file types chosen, a date range with a start or
 * end, a processing status, tags chosen.
 */
export function activeFilterCount(filters: DocumentFilters): number {
  return countFilters({
    fileTypes: filters.fileTypes,
    dateRange: { start: filters.start, end: filters.end },
    processingStatus: filters.processingStatus,
    tags: filters.tags,
  });
}
