import { z } from "zod";
import { idSchema } from "./dossier.ts";
import { multiLineText, singleLineText } from "./text.ts";

/**
 * Drafts (decision 018): what module executions write, private to the member
 * who ran them until saved into the dossier. `content` is sanitized HTML, the
 * rich-text editor's format.
 */

export const DRAFT_STATUSES = ["pending", "ready", "failed", "saved", "discarded"] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];
export const DRAFT_SAVE_FORMATS = ["docx", "pdf"] as const;
export type DraftSaveFormat = (typeof DRAFT_SAVE_FORMATS)[number];

/** Largest draft body the editor may save (characters of HTML). */
export const DRAFT_MAX_CONTENT = 2_000_000;

export const draftTitleSchema = singleLineText({ trim: true })
  .min(1, "Title is required")
  .max(200, "Title must be at most 200 characters");

export const draftContentSchema = multiLineText().max(
  DRAFT_MAX_CONTENT,
  "The draft is too long to save",
);

/** A citation of the built-in runner: the passage a numbered marker points at. */
export const draftCitationSchema = z.object({
  n: z.number(),
  documentId: z.string(),
  documentName: z.string(),
  quote: z.string(),
});

/** A draft in the list (left pane of /modules/drafts). */
export const draftSummarySchema = z.object({
  _id: z.string(),
  _creationTime: z.number(),
  title: z.string(),
  status: z.enum(DRAFT_STATUSES),
  moduleId: z.string().nullable(),
  moduleName: z.string().nullable(),
  executionId: z.string().nullable(),
  /** A short plain-text start of the content, for the list. */
  excerpt: z.string(),
  version: z.number(),
  /** A file result (the automation sent a file rather than text). */
  fileName: z.string().nullable(),
  savedDocumentId: z.string().nullable(),
  updatedAt: z.number(),
});
export type DraftSummary = z.infer<typeof draftSummarySchema>;

/** A draft with its content (right pane). */
export const draftSchema = draftSummarySchema.extend({
  content: z.string(),
  citations: z.array(draftCitationSchema),
  fileMimeType: z.string().nullable(),
  fileSize: z.number().nullable(),
  error: z.string().nullable(),
  /** Whether an earlier version exists to compare with. */
  hasPreviousVersion: z.boolean(),
});
export type Draft = z.infer<typeof draftSchema>;

export const draftVersionSchema = z.object({
  version: z.number(),
  content: z.string(),
  /** generated | edited | regenerated */
  reason: z.string(),
  createdAt: z.number(),
});
export type DraftVersion = z.infer<typeof draftVersionSchema>;

export const draftListFilterSchema = z.object({
  q: singleLineText({ trim: true }).max(200, "Search must be at most 200 characters").optional(),
  status: z.enum(DRAFT_STATUSES).optional(),
  /** Only those still being generated. */
  pending: z.boolean().optional(),
});

export { idSchema as draftIdSchema };
