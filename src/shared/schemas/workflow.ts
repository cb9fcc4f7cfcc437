import { z } from "zod";
import { checkTemplate } from "../rules/workflow-templates.ts";
import { idSchema } from "./dossier.ts";
import { executionInputsSchema, moduleInputSchema } from "./module.ts";
import { multiLineText, singleLineText } from "./text.ts";

/**
 * Workflows (decision 028): multi-step procedures a member builds once and
 * the organization runs. The builder, the API and the tests share these
 * schemas, so a message the builder shows is the one the server answers.
 */

export const WORKFLOW_LIMITS = {
  nameMax: 120,
  descriptionMax: 2_000,
  inputsMax: 20,
  stepsMax: 20,
  promptMax: 20_000,
  columnsMax: 20,
  documentsMax: 50,
} as const;

export const WORKFLOW_STEP_KINDS = ["prompt", "module", "table"] as const;
export type WorkflowStepKind = (typeof WORKFLOW_STEP_KINDS)[number];

/** The answer types of a review table's column (the same list as tables.*). */
export const WORKFLOW_ANSWER_TYPES = [
  "text",
  "yesNo",
  "date",
  "number",
  "currency",
  "choice",
  "list",
] as const;

const stepTitleSchema = singleLineText({ trim: true })
  .max(120, "A step title must be at most 120 characters")
  .optional();

export const promptStepSchema = z.object({
  kind: z.literal("prompt"),
  title: stepTitleSchema,
  prompt: multiLineText({ trim: true })
    .min(1, "Write the step's prompt")
    .max(WORKFLOW_LIMITS.promptMax, "A prompt must be at most 20000 characters"),
  /** A model of models.list; absent: the organization's default. */
  modelId: singleLineText({ trim: true }).max(200).optional(),
});

export const moduleStepSchema = z.object({
  kind: z.literal("module"),
  title: stepTitleSchema,
  moduleSlug: singleLineText({ trim: true }).min(1, "Choose a module").max(100, "Invalid module"),
  /**
   * What each of the module's inputs receives: a template with the same
   * variables as a prompt. A documents input always receives the run's documents.
   */
  inputs: z
    .record(
      singleLineText().max(40),
      multiLineText().max(WORKFLOW_LIMITS.promptMax, "A value must be at most 20000 characters"),
    )
    .default({}),
});

export const tableColumnSchema = z.object({
  question: multiLineText({ trim: true })
    .min(1, "Question is required")
    .max(500, "Question must be at most 500 characters"),
  answerType: z.enum(WORKFLOW_ANSWER_TYPES),
  instructions: multiLineText({ trim: true })
    .max(2_000, "Instructions must be at most 2000 characters")
    .optional(),
  options: z
    .array(singleLineText({ trim: true }).min(1, "An option cannot be empty").max(100))
    .max(50, "At most 50 options")
    .optional(),
});

export const tableStepSchema = z.object({
  kind: z.literal("table"),
  title: stepTitleSchema,
  columns: z
    .array(tableColumnSchema)
    .min(1, "Add at least one column")
    .max(WORKFLOW_LIMITS.columnsMax, "At most 20 columns"),
});

export const workflowStepSchema = z.discriminatedUnion("kind", [
  promptStepSchema,
  moduleStepSchema,
  tableStepSchema,
]);
export type WorkflowStep = z.infer<typeof workflowStepSchema>;
export type WorkflowStepInput = z.input<typeof workflowStepSchema>;

/** A workflow's inputs are a module's, without documents: a run takes its documents beside them. */
export const workflowInputSchema = moduleInputSchema.refine((input) => input.type !== "documents", {
  message: "Documents are chosen when the workflow runs; remove this input",
  path: ["type"],
});
export type WorkflowInput = z.infer<typeof workflowInputSchema>;

export const workflowNameSchema = singleLineText({ trim: true })
  .min(1, "Workflow name is required")
  .max(WORKFLOW_LIMITS.nameMax, "Workflow name must be at most 120 characters");

export const workflowFormObjectSchema = z.object({
  name: workflowNameSchema,
  description: multiLineText({ trim: true })
    .max(WORKFLOW_LIMITS.descriptionMax, "Description must be at most 2000 characters")
    .optional(),
  inputs: z
    .array(workflowInputSchema)
    .max(WORKFLOW_LIMITS.inputsMax, "At most 20 inputs")
    .default([]),
  steps: z
    .array(workflowStepSchema)
    .min(1, "Add at least one step")
    .max(WORKFLOW_LIMITS.stepsMax, "At most 20 steps"),
});
export type WorkflowForm = z.input<typeof workflowFormObjectSchema>;

/** Every template of a step, with the path its messages go to. */
export function stepTemplates(
  step: WorkflowStep,
): Array<{ path: (string | number)[]; text: string }> {
  if (step.kind === "prompt") return [{ path: ["prompt"], text: step.prompt }];
  if (step.kind === "module") {
    return Object.entries(step.inputs).map(([key, text]) => ({ path: ["inputs", key], text }));
  }
  return step.columns.map((column, index) => ({
    path: ["columns", index, "question"],
    text: column.question,
  }));
}

/** Cross-field rules: unique input keys; each step's variables name inputs and earlier steps. */
export function workflowFormRules(
  form: { inputs: WorkflowInput[]; steps: WorkflowStep[] },
  ctx: z.RefinementCtx,
): void {
  const keys: string[] = [];
  form.inputs.forEach((input, index) => {
    if (keys.includes(input.key)) {
      ctx.addIssue({
        code: "custom",
        path: ["inputs", index, "key"],
        message: "Input keys must be unique",
      });
    }
    keys.push(input.key);
  });
  form.steps.forEach((step, index) => {
    for (const template of stepTemplates(step)) {
      for (const message of checkTemplate(template.text, {
        stepNumber: index + 1,
        inputKeys: keys,
        stepCount: form.steps.length,
      })) {
        ctx.addIssue({
          code: "custom",
          path: ["steps", index, ...template.path],
          message: `Step ${index + 1}: ${message}`,
        });
      }
    }
  });
}

export const workflowFormSchema = workflowFormObjectSchema.superRefine(workflowFormRules);

/** A workflow as members see it. */
export const workflowSchema = z.object({
  _id: z.string(),
  _creationTime: z.number(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  inputs: z.array(moduleInputSchema),
  steps: z.array(workflowStepSchema),
  createdBy: z.string().nullable(),
  createdByName: z.string(),
  updatedAt: z.number(),
  archivedAt: z.number().nullable(),
  /** Whether the caller may edit and archive it. */
  canEdit: z.boolean(),
});
export type Workflow = z.infer<typeof workflowSchema>;

export const WORKFLOW_RUN_STATUSES = [
  "queued",
  "running",
  "succeeded",
  "failed",
  "cancelled",
] as const;
export type WorkflowRunStatus = (typeof WORKFLOW_RUN_STATUSES)[number];
export const WORKFLOW_STEP_STATUSES = [
  "pending",
  "running",
  "succeeded",
  "failed",
  "cancelled",
] as const;
export type WorkflowStepStatus = (typeof WORKFLOW_STEP_STATUSES)[number];

export const workflowRunStepSchema = z.object({
  index: z.number(),
  kind: z.enum(WORKFLOW_STEP_KINDS),
  title: z.string(),
  status: z.enum(WORKFLOW_STEP_STATUSES),
  /** Markdown (model output is untrusted: render it safely). */
  output: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.number(),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  executionId: z.string().nullable(),
  tableId: z.string().nullable(),
  /** Where its module run or table opens (/modules/{slug}/{id}, /modules/table/{id}). */
  link: z.string().nullable(),
});
export type WorkflowRunStep = z.infer<typeof workflowRunStepSchema>;

export const workflowRunSummarySchema = z.object({
  _id: z.string(),
  _creationTime: z.number(),
  workflowId: z.string(),
  workflowSlug: z.string(),
  workflowName: z.string(),
  userId: z.string(),
  status: z.enum(WORKFLOW_RUN_STATUSES),
  /** 0-based index of the step it is on (the number of steps when it succeeded). */
  currentStep: z.number(),
  stepCount: z.number(),
  error: z.string().nullable(),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  /** The draft its final output became. */
  draftId: z.string().nullable(),
});
export type WorkflowRunSummary = z.infer<typeof workflowRunSummarySchema>;

export const workflowRunSchema = workflowRunSummarySchema.extend({
  inputs: z.record(z.string(), z.unknown()),
  documentIds: z.array(z.string()),
  steps: z.array(workflowRunStepSchema),
  canCancel: z.boolean(),
  /** The failed step "Retry step" runs again, if any. */
  retryStepIndex: z.number().nullable(),
});
export type WorkflowRun = z.infer<typeof workflowRunSchema>;

export const workflowRunArgsSchema = z.object({
  slug: singleLineText({ trim: true }).min(1, "A slug is required").max(100, "Invalid slug"),
  inputs: executionInputsSchema.default({}),
  documentIds: z
    .array(idSchema)
    .max(WORKFLOW_LIMITS.documentsMax, "A run can take at most 50 documents")
    .optional(),
});
