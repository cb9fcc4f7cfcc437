import { AppError, notFound } from "#shared/errors.ts";
import { checkModuleInputs } from "#shared/rules/module-inputs.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { workflowRuns, workflowRunSteps } from "../db/schema.ts";
import { findReadableDocuments } from "../documents/access.ts";
import { newId } from "../ids.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { WORKFLOW_RUN_JOB } from "./run-job-kind.ts";
import { TABLE_STEPS_UNAVAILABLE } from "./table-step.ts";
import { findWorkflow } from "./workflow-access.ts";

/**
 * workflows.run: an active workflow of the caller's organization, its inputs
 * checked like a module's (one issue per input, path inputs.<key>), its
 * documents readable by the caller; the run, a row per step (from a snapshot
 * of the steps) and its job commit together.
 */
export async function startRun(options: {
  db: Executor;
  caller: Identity;
  slug: string;
  inputs: Record<string, unknown>;
  documentIds: string[];
}): Promise<{ runId: string }> {
  const { db, caller } = options;
  const workflow = await findWorkflow(db, caller, { slug: options.slug });
  if (!workflow || !caller.organizationId) throw notFound("Workflow");
  if (TABLE_STEPS_UNAVAILABLE && workflow.steps.some((step) => step.kind === "table")) {
    throw new AppError("CONFLICT", TABLE_STEPS_UNAVAILABLE);
  }
  const checked = checkModuleInputs(workflow.inputs, options.inputs);
  if (checked.issues.length > 0) {
    throw new AppError("INVALID_ARGS", checked.issues.map((issue) => issue.message).join("; "), {
      issues: checked.issues.map((issue) => ({
        path: `inputs.${issue.key}`,
        message: issue.message.replace("This module has", "This workflow has"),
      })),
    });
  }
  const documentIds = [...new Set(options.documentIds)];
  if (documentIds.length > 0) {
    const readable = await findReadableDocuments(db, caller, documentIds);
    if (readable.length !== documentIds.length) {
      throw new AppError("NOT_FOUND", "One of the chosen documents was not found.");
    }
  }
  const runId = newId();
  const now = new Date();
  await db.insert(workflowRuns).values({
    id: runId,
    organizationId: caller.organizationId,
    workflowId: workflow.id,
    userId: caller.userId,
    steps: workflow.steps,
    inputs: checked.values,
    documentIds,
    status: "queued",
    currentStep: 0,
    createdAt: now,
    updatedAt: now,
  });
  await db.insert(workflowRunSteps).values(
    workflow.steps.map((step, index) => ({
      id: newId(),
      organizationId: caller.organizationId!,
      runId,
      userId: caller.userId,
      index,
      kind: step.kind,
      status: "pending" as const,
      createdAt: now,
      updatedAt: now,
    })),
  );
  await enqueueJob(db, {
    kind: WORKFLOW_RUN_JOB,
    organizationId: caller.organizationId,
    payload: { runId },
    maxAttempts: 3,
  });
  return { runId };
}
