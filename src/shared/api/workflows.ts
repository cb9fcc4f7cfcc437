import { z } from "zod";
import { idSchema } from "../schemas/dossier.ts";
import { executionInputsSchema } from "../schemas/module.ts";
import { multiLineText, singleLineText } from "../schemas/text.ts";
import {
  WORKFLOW_LIMITS,
  workflowFormObjectSchema,
  workflowFormRules,
  workflowRunArgsSchema,
  workflowRunSchema,
  workflowRunSummarySchema,
  workflowSchema,
  workflowStepSchema,
} from "../schemas/workflow.ts";
import { actionContract, mutationContract, queryContract } from "./define.ts";

/**
 * workflows.*: multi-step procedures members build and run (decision 028).
 * Another organization's workflow or run is "not found", like a missing one.
 */

const slugArg = singleLineText({ trim: true })
  .min(1, "A slug is required")
  .max(100, "Invalid slug");

/** /workflows: the organization's workflows (not archived), by name. */
export const list = queryContract("workflows.list", {
  args: z.object({}),
  returns: z.array(workflowSchema),
});

/** /workflows/{slug}; null when the organization has no such workflow (or it is archived). */
export const getBySlug = queryContract("workflows.getBySlug", {
  args: z.object({ slug: slugArg }),
  returns: workflowSchema.nullable(),
});

/** Whether the caller may create workflows, and the organization's setting. */
export const getPermissions = queryContract("workflows.getPermissions", {
  args: z.object({}),
  returns: z.object({
    canCreate: z.boolean(),
    /** Organization admins change membersCanCreate. */
    canChangeSetting: z.boolean(),
    membersCanCreate: z.boolean(),
  }),
});

/** Organization admins: whether members may create workflows (on by default). */
export const setMembersCanCreate = mutationContract("workflows.setMembersCanCreate", {
  args: z.object({ allowed: z.boolean() }),
  returns: z.object({ membersCanCreate: z.boolean() }),
});

/** A new workflow; its slug comes from its name (made unique in the organization). */
export const create = mutationContract("workflows.create", {
  args: workflowFormObjectSchema.superRefine(workflowFormRules),
  returns: workflowSchema,
});

/** Replace a workflow's fields; runs already started keep the steps they started with. */
export const update = mutationContract("workflows.update", {
  args: workflowFormObjectSchema.extend({ workflowId: idSchema }).superRefine(workflowFormRules),
  returns: workflowSchema,
});

/** Hide a workflow; its runs and drafts stay. */
export const archive = mutationContract("workflows.archive", {
  args: z.object({ workflowId: idSchema }),
  returns: z.object({ workflowId: z.string() }),
});

/** Run a workflow: its inputs checked, the run queued. Answers at once. */
export const run = mutationContract("workflows.run", {
  args: workflowRunArgsSchema,
  returns: z.object({ runId: z.string() }),
});

/** One of the caller's runs, with every step; null when not theirs (or none). */
export const getRun = queryContract("workflows.getRun", {
  args: z.object({ runId: idSchema }),
  returns: workflowRunSchema.nullable(),
});

/** The caller's recent runs, newest first (of one workflow when workflowId is given). */
export const listRuns = queryContract("workflows.listRuns", {
  args: z.object({
    workflowId: idSchema.optional(),
    limit: z.number().int().min(1).max(100).optional(),
  }),
  returns: z.array(workflowRunSummarySchema),
});

/** Stop a queued or running run (and the module run it waits for); a finished one is CONFLICT. */
export const cancelRun = mutationContract("workflows.cancelRun", {
  args: z.object({ runId: idSchema }),
  returns: z.object({ runId: z.string() }),
});

/**
 * Run a failed (or cancelled) run again from a step: the failed one by
 * default; the steps before it keep their outputs.
 */
export const retryStep = mutationContract("workflows.retryStep", {
  args: z.object({
    runId: idSchema,
    stepIndex: z
      .number()
      .int()
      .min(0)
      .max(WORKFLOW_LIMITS.stepsMax - 1)
      .optional(),
  }),
  returns: z.object({ runId: z.string() }),
});

/**
 * Try a prompt step on sample values before saving: answers its output (at
 * most about 2000 words, within a minute). Nothing is stored.
 */
export const testStep = actionContract("workflows.testStep", {
  args: z.object({
    step: workflowStepSchema,
    inputs: executionInputsSchema.default({}),
    documentIds: z.array(idSchema).max(WORKFLOW_LIMITS.documentsMax).optional(),
    /** Sample outputs of the steps before it ({{steps.N.output}}: index N-1). */
    previousOutputs: z
      .array(
        multiLineText().max(
          WORKFLOW_LIMITS.promptMax,
          "A sample output must be at most 20000 characters",
        ),
      )
      .max(WORKFLOW_LIMITS.stepsMax)
      .optional(),
  }),
  returns: z.object({ output: z.string(), modelId: z.string() }),
});
