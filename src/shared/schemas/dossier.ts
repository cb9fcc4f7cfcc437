import { z } from "zod";
import { FILE_TYPES } from "../file-types.ts";
import { singleLineText } from "./text.ts";

export const PROCESSING_STATUSES = ["pending", "processing", "completed", "failed"] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];

export const idSchema = singleLineText({ trim: true })
  .min(1, "An id is required")
  .max(100, "Invalid id");

export const folderNameSchema = singleLineText({ trim: true })
  .min(1, "Folder name is required")
  .max(120, "Folder name must be at most 120 characters")
  .refine((v) => !/[/\\]/.test(v), "Folder name cannot contain / or \\");

export const documentNameSchema = singleLineText({ trim: true })
  .min(1, "Document name is required")
  .max(255, "Document name must be at most 255 characters");

/** The caller's relation to a folder or document (decision 023). */
export const DOSSIER_ROLES = ["owner", "editor", "viewer"] as const;
export type DossierRole = (typeof DOSSIER_ROLES)[number];

/** What every folder and document carries for the caller: who owns it, their role, their star. */
const accessFields = {
  ownerName: z.string().nullable(),
  myRole: z.enum(DOSSIER_ROLES),
  isFavorite: z.boolean(),
};

/** A folder as the API shows it. `path` is the full slug path, e.g. "contracts/2024". */
export const folderSchema = z.object({
  _id: z.string(),
  _creationTime: z.number(),
  name: z.string(),
  slug: z.string(),
  path: z.string(),
  parentId: z.string().nullable(),
  ownerId: z.string().nullable(),
  updatedAt: z.number(),
  ...accessFields,
});
export type Folder = z.infer<typeof folderSchema>;

/** A document in lists: everything but the large extracted content. */
export const documentSummarySchema = z.object({
  _id: z.string(),
  _creationTime: z.number(),
  storageId: z.string(),
  folderId: z.string().nullable(),
  ownerId: z.string().nullable(),
  name: z.string(),
  title: z.string().nullable(),
  fileNameOriginal: z.string().nullable(),
  fileType: z.enum(FILE_TYPES),
  mimeType: z.string(),
  primaryTagName: z.string().nullable(),
  tags: z.array(z.string()),
  size: z.number(),
  processingStatus: z.enum(PROCESSING_STATUSES),
  /** Why processing failed, in words a user can read. */
  processingError: z.string().nullable(),
  summary: z.string().nullable(),
  /** Whether a preview image exists (GET /api/document-preview/{storageId}). */
  hasPreview: z.boolean(),
  updatedAt: z.number(),
  ...accessFields,
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

/** One document with its extracted content and metadata. */
export const documentSchema = documentSummarySchema.extend({
  htmlContent: z.string().nullable(),
  /** Extraction facts: pages, sheets, slides, image dimensions, word count... */
  metadata: z.record(z.string(), z.unknown()),
  folderPath: z.string().nullable(),
});
export type Document = z.infer<typeof documentSchema>;

export const paginationOptsSchema = z.object({
  numItems: z.number().int().min(1).max(200),
  cursor: singleLineText().max(500).nullable(),
});

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    page: z.array(item),
    isDone: z.boolean(),
    continueCursor: z.string(),
  });
}

// ---------------------------------------------------------------------------
// Search, filters, sorts and tags (issue 10, decision 031).

/** A tag as typed: one line, trimmed, 1 to 50 characters. */
export const tagSchema = singleLineText({ trim: true })
  .min(1, "A tag cannot be empty")
  .max(50, "A tag must be at most 50 characters");

/**
 * SPEC 3's search filters. `dateRange` bounds `_creationTime` (milliseconds;
 * start included, end excluded); `tags`: the document has every one of them.
 */
export const documentFiltersSchema = z.object({
  fileTypes: z.array(z.enum(FILE_TYPES)).max(FILE_TYPES.length).optional(),
  /** Only this folder (null or absent: everything the caller may read). */
  folderId: idSchema.nullable().optional(),
  /** With folderId: its subfolders too (search default true; lists default false). */
  includeSubfolders: z.boolean().optional(),
  dateRange: z
    .object({
      start: z.number().int().min(0).max(8.64e15).optional(),
      end: z.number().int().min(0).max(8.64e15).optional(),
    })
    .optional(),
  processingStatus: z.enum(PROCESSING_STATUSES).optional(),
  tags: z.array(tagSchema).max(20).optional(),
});
export type DocumentFilters = z.infer<typeof documentFiltersSchema>;

/** Where a passage is in its document, when known. */
export const passageSchema = z.object({
  chunkId: z.string(),
  /** The passage, plain text (a few sentences around the match). */
  text: z.string(),
  /** Character ranges of `text` that matched the query, in order. */
  highlights: z.array(z.object({ start: z.number(), end: z.number() })),
  page: z.number().nullable(),
  sheet: z.string().nullable(),
  slide: z.number().nullable(),
});
export type Passage = z.infer<typeof passageSchema>;

export const searchHitSchema = z.object({
  document: documentSummarySchema,
  /** Best first; at most 3. */
  passages: z.array(passageSchema),
  /** The distinct words of the passages that matched (lower case), to highlight elsewhere. */
  matchedWords: z.array(z.string()),
  /** Relevance (reciprocal rank fusion of the full-text and vector ranks); higher is better. */
  score: z.number(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;
