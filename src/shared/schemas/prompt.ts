import { z } from "zod";
import { idSchema } from "./dossier.ts";
import { multiLineText, singleLineText } from "./text.ts";

/** The prompt form's fields; the API and the form share them. */
export const promptTitleSchema = singleLineText({ trim: true })
  .min(1, "Title is required")
  .max(120, "Title must be at most 120 characters");

export const promptDescriptionSchema = singleLineText({ trim: true }).max(
  300,
  "Description must be at most 300 characters",
);

/** A category's name (prompts.createCategory). */
export const promptCategoryNameSchema = singleLineText({ trim: true })
  .min(1, "Category name is required")
  .max(60, "Category must be at most 60 characters");

/** A prompt's category: the id of one from listCategories; blank or absent is none. */
export const promptCategoryIdSchema = singleLineText({ trim: true }).max(100, "Invalid id");

export const promptBodySchema = multiLineText()
  .refine((v) => v.trim().length > 0, "Prompt text is required")
  .refine((v) => v.length <= 20_000, "Prompt text must be at most 20000 characters");

/** Most documents a prompt attaches to the chat it starts. */
export const PROMPT_MAX_DOCUMENTS = 10;

export const promptFieldsSchema = z.object({
  title: promptTitleSchema,
  body: promptBodySchema,
  description: promptDescriptionSchema.optional(),
  /** Blank or absent: no category. */
  categoryId: promptCategoryIdSchema.optional(),
  /** The model a chat started from the prompt uses; blank or absent: the member's usual one. */
  modelId: singleLineText({ trim: true }).max(200, "Invalid model").optional(),
  /** Documents the chat starts with (an organization's prompt only); absent: none. */
  documentIds: z
    .array(idSchema)
    .max(PROMPT_MAX_DOCUMENTS, `A prompt can attach at most ${PROMPT_MAX_DOCUMENTS} documents`)
    .optional(),
});
export type PromptFields = z.input<typeof promptFieldsSchema>;

/** A prompt as the API shows it. */
export const promptSchema = z.object({
  _id: z.string(),
  _creationTime: z.number(),
  title: z.string(),
  description: z.string(),
  categoryId: z.string().nullable(),
  /** The category's name, null without one. */
  category: z.string().nullable(),
  body: z.string(),
  /** The model a chat started from it uses; null: the member's usual one. */
  modelId: z.string().nullable(),
  /** Documents a chat started from it has attached (those the member may read). */
  documentIds: z.array(z.string()),
  /** The `{{name}}` placeholders of the body, each once (src/shared/rules/prompt-variables.ts). */
  variables: z.array(z.string()),
  sortOrder: z.number(),
  /** A superadmin's prompt offered to every organization. */
  isGlobal: z.boolean(),
  /** Whether the caller may edit and archive it. */
  canEdit: z.boolean(),
  updatedAt: z.number(),
});
export type Prompt = z.infer<typeof promptSchema>;

/** A prompt in /admin/prompts: any organization's, archived ones included. */
export const adminPromptSchema = promptSchema.extend({
  organizationId: z.string().nullable(),
  /** null for a global prompt. */
  organizationName: z.string().nullable(),
  archivedAt: z.number().nullable(),
});
export type AdminPrompt = z.infer<typeof adminPromptSchema>;

/** A category of the library: the caller's organization's, or a global one. */
export const promptCategorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** A superadmin's category offered to every organization. */
  isGlobal: z.boolean(),
});
export type PromptCategory = z.infer<typeof promptCategorySchema>;
