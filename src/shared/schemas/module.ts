import { z } from "zod";
import { idSchema } from "./dossier.ts";
import { multiLineText, singleLineText } from "./text.ts";

/**
 * Modules (decision 018): the admin module form (SPEC 3 and 5), the inputs a
 * run asks for, and modules and executions as the API shows them. The form
 * and the API share these schemas, so a message the form shows is the one the
 * server answers.
 */

export const MODULE_KINDS = ["webhook", "builtin"] as const;
export type ModuleKind = (typeof MODULE_KINDS)[number];

export const MODULE_INPUT_TYPES = [
  "text",
  "longText",
  "choice",
  "date",
  "number",
  "documents",
] as const;
export type ModuleInputType = (typeof MODULE_INPUT_TYPES)[number];

/** The icons the module form offers (lucide names). */
export const MODULE_ICONS = [
  "file-text",
  "scale",
  "search",
  "gavel",
  "briefcase",
  "shield-check",
  "languages",
  "list-checks",
  "mail",
  "sparkles",
  "workflow",
  "calculator",
] as const;

/** Most inputs one module asks for, and most documents one run takes. */
export const MODULE_MAX_INPUTS = 20;
export const MODULE_MAX_DOCUMENTS = 50;
export const MODULE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MODULE_INPUT_KEY_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]*$/;

export const moduleNameSchema = singleLineText({ trim: true })
  .min(1, "Module name is required")
  .max(120, "Module name must be at most 120 characters");

/** /modules/drafts and /modules/table are pages of their own: no module may take their address. */
export const RESERVED_MODULE_SLUGS: readonly string[] = ["drafts", "table"];

export const moduleSlugSchema = singleLineText({ trim: true })
  .min(1, "Slug is required")
  .max(60, "Slug must be at most 60 characters")
  .regex(MODULE_SLUG_PATTERN, "Slug may only contain lower-case letters, digits and dashes")
  .refine((slug) => !RESERVED_MODULE_SLUGS.includes(slug), {
    message: "This slug is reserved for a page of its own",
  });

/** An http(s) address; blank is none. Whether the server may call it is checked when it does. */
export const moduleEndpointUrlSchema = singleLineText({ trim: true })
  .max(2000, "Endpoint URL must be at most 2000 characters")
  .refine((value) => {
    if (value === "") return true;
    try {
      const url = new URL(value);
      return url.protocol === "https:" || url.protocol === "http:";
    } catch {
      return false;
    }
  }, "Endpoint URL must be an http or https address");

export const moduleInputSchema = z
  .object({
    key: singleLineText({ trim: true })
      .min(1, "Input key is required")
      .max(40, "Input key must be at most 40 characters")
      .regex(
        MODULE_INPUT_KEY_PATTERN,
        "Input key must start with a letter and hold only letters, digits and _",
      ),
    label: singleLineText({ trim: true })
      .min(1, "Input label is required")
      .max(80, "Input label must be at most 80 characters"),
    type: z.enum(MODULE_INPUT_TYPES),
    required: z.boolean(),
    helpText: singleLineText({ trim: true })
      .max(200, "Help text must be at most 200 characters")
      .optional(),
    /** choice: the options offered. */
    options: z
      .array(singleLineText({ trim: true }).min(1, "An option cannot be blank").max(100))
      .max(50, "At most 50 options")
      .optional(),
    /** documents: most documents this input takes (default MODULE_MAX_DOCUMENTS). */
    maxDocuments: z.number().int().min(1).max(MODULE_MAX_DOCUMENTS).optional(),
  })
  .refine((input) => input.type !== "choice" || (input.options?.length ?? 0) > 0, {
    message: "A choice needs at least one option",
    path: ["options"],
  });
export type ModuleInput = z.infer<typeof moduleInputSchema>;

/** The admin module form (SPEC 3 and 5) plus category, icon, inputs, template and organizations. */
export const moduleFormObjectSchema = z.object({
  name: moduleNameSchema,
  slug: moduleSlugSchema,
  description: multiLineText({ trim: true })
    .max(2000, "Description must be at most 2000 characters")
    .optional(),
  kind: z.enum(MODULE_KINDS),
  n8nWorkflowId: singleLineText({ trim: true })
    .max(200, "Workflow id must be at most 200 characters")
    .optional(),
  endpointUrl: moduleEndpointUrlSchema.optional(),
  technicalNotes: multiLineText({ trim: true })
    .max(5000, "Technical notes must be at most 5000 characters")
    .optional(),
  estimatedTimeMinutes: z
    .number({ message: "Estimated time must be a number" })
    .int("Estimated time must be a whole number of minutes")
    .min(1, "Estimated time must be at least 1 minute")
    .max(1440, "Estimated time must be at most 1440 minutes")
    .optional(),
  isActive: z.boolean(),
  /** One of modules.listCategories; blank or absent: none. */
  categoryId: singleLineText({ trim: true }).max(100, "Invalid id").optional(),
  icon: z.enum(MODULE_ICONS).optional(),
  inputs: z.array(moduleInputSchema).max(MODULE_MAX_INPUTS, "At most 20 inputs"),
  /** Built-in modules: the template, `{{key}}` per input. */
  promptTemplate: multiLineText()
    .max(20_000, "Prompt template must be at most 20000 characters")
    .optional(),
  /** Built-in modules: a model id of models.list; absent uses the organization's default. */
  modelId: singleLineText({ trim: true }).max(200).optional(),
  /** The organizations it is limited to; empty offers it to every organization. */
  organizationIds: z.array(idSchema).max(500),
});

/** Cross-field rules of the module form; `.superRefine(moduleFormRules)` on any extension of it. */
export function moduleFormRules(
  form: z.output<typeof moduleFormObjectSchema>,
  ctx: z.RefinementCtx,
): void {
  if (form.kind === "webhook" && !form.endpointUrl) {
    ctx.addIssue({
      code: "custom",
      path: ["endpointUrl"],
      message: "Endpoint URL is required for a webhook module",
    });
  }
  if (form.kind === "builtin" && !form.promptTemplate?.trim()) {
    ctx.addIssue({
      code: "custom",
      path: ["promptTemplate"],
      message: "Prompt template is required for a built-in module",
    });
  }
  const seen = new Set<string>();
  form.inputs.forEach((input, index) => {
    if (seen.has(input.key)) {
      ctx.addIssue({
        code: "custom",
        path: ["inputs", index, "key"],
        message: "Input keys must be unique",
      });
    }
    seen.add(input.key);
  });
}

export const moduleFormSchema = moduleFormObjectSchema.superRefine(moduleFormRules);
export type ModuleForm = z.input<typeof moduleFormObjectSchema>;

export const moduleCategoryNameSchema = singleLineText({ trim: true })
  .min(1, "Category name is required")
  .max(60, "Category must be at most 60 characters");

export const moduleCategorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  sortOrder: z.number(),
});
export type ModuleCategory = z.infer<typeof moduleCategorySchema>;

/** A module as a member sees it (/modules, /modules/{slug}). */
export const moduleSchema = z.object({
  _id: z.string(),
  _creationTime: z.number(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  categoryId: z.string().nullable(),
  category: z.string().nullable(),
  icon: z.string().nullable(),
  kind: z.enum(MODULE_KINDS),
  estimatedTimeMinutes: z.number().nullable(),
  inputs: z.array(moduleInputSchema),
  updatedAt: z.number(),
});
export type Module = z.infer<typeof moduleSchema>;

/** A module in /admin/modules: every field of the form, and its state. */
export const adminModuleSchema = moduleSchema.extend({
  n8nWorkflowId: z.string().nullable(),
  endpointUrl: z.string().nullable(),
  technicalNotes: z.string(),
  isActive: z.boolean(),
  promptTemplate: z.string().nullable(),
  modelId: z.string().nullable(),
  organizationIds: z.array(z.string()),
  /** Names of organizationIds, same order. */
  organizationNames: z.array(z.string()),
  /** Whether a webhook secret is set (the secret itself is shown only once). */
  hasWebhookSecret: z.boolean(),
  archivedAt: z.number().nullable(),
  executionCount: z.number(),
  lastExecutionAt: z.number().nullable(),
});
export type AdminModule = z.infer<typeof adminModuleSchema>;

/** /modules: active modules of the caller's organization, grouped by category. */
export const moduleGroupSchema = z.object({
  /** null: modules without a category (shown last, as "Other"). */
  categoryId: z.string().nullable(),
  name: z.string(),
  modules: z.array(moduleSchema),
});
export type ModuleGroup = z.infer<typeof moduleGroupSchema>;

export const EXECUTION_STATUSES = [
  "queued",
  "running",
  "succeeded",
  "failed",
  "cancelled",
] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];
export const FINISHED_EXECUTION_STATUSES: readonly ExecutionStatus[] = [
  "succeeded",
  "failed",
  "cancelled",
];

export const executionProgressSchema = z.object({
  at: z.number(),
  message: z.string(),
  percent: z.number().nullable(),
});

/** The values a run gives its module's inputs: documents inputs take arrays of document ids. */
export const executionInputValueSchema = z.union([
  multiLineText().max(20_000, "An input must be at most 20000 characters"),
  z.number(),
  z.array(idSchema).max(MODULE_MAX_DOCUMENTS, "At most 50 documents"),
  z.null(),
]);
export const executionInputsSchema = z.record(singleLineText().max(40), executionInputValueSchema);

export const executionSchema = z.object({
  _id: z.string(),
  _creationTime: z.number(),
  moduleId: z.string(),
  moduleSlug: z.string(),
  moduleName: z.string(),
  userId: z.string(),
  /** The member who ran it (admin views). */
  userName: z.string(),
  status: z.enum(EXECUTION_STATUSES),
  inputs: z.record(z.string(), z.unknown()),
  documentIds: z.array(z.string()),
  progress: z.array(executionProgressSchema),
  error: z.string().nullable(),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  /** The drafts it wrote (one per result). */
  draftIds: z.array(z.string()),
  /** Whether the caller may cancel it now. */
  canCancel: z.boolean(),
});
export type Execution = z.infer<typeof executionSchema>;
