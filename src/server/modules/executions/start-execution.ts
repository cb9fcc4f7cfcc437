import { AppError, notFound } from "#shared/errors.ts";
import { checkModuleInputs } from "#shared/rules/module-inputs.ts";
import type { Identity } from "../../auth/identity.ts";
import type { Executor } from "../../db/database.ts";
import { moduleExecutions } from "../../db/schema.ts";
import { findReadableDocuments } from "../../documents/access.ts";
import { newId } from "../../ids.ts";
import { enqueueJob } from "../../jobs/queue.ts";
import type { ModuleRow } from "../module-access.ts";

/** The job kind that carries out one execution (the runner registers its handler). */
export const MODULE_EXECUTION_JOB = "module-execution";

export interface StartExecutionOptions {
  db: Executor;
  caller: Identity;
  /** A module the caller may run (requireRunnableModule). */
  module: ModuleRow;
  /** The values of the module's inputs, as modules.run takes them. */
  inputs: Record<string, unknown>;
  /** drafts.regenerate: the draft whose next version this run writes. */
  regeneratesDraftId?: string | null;
}

/**
 * Check a run's inputs against its module's and queue the execution, in the
 * caller's transaction: the execution row and its job commit together. Every
 * refused value is answered at once as INVALID_ARGS with one issue per input
 * (path `inputs.<key>`); a document the caller may not read is "not found".
 */
export async function startExecution(
  options: StartExecutionOptions,
): Promise<{ executionId: string }> {
  const { db, caller, module } = options;
  const organizationId = caller.organizationId;
  if (!organizationId) throw notFound("Module");
  const checked = checkModuleInputs(module.inputs, options.inputs);
  if (checked.issues.length > 0) {
    throw new AppError("INVALID_ARGS", checked.issues.map((issue) => issue.message).join("; "), {
      issues: checked.issues.map((issue) => ({
        path: `inputs.${issue.key}`,
        message: issue.message,
      })),
    });
  }
  if (checked.documentIds.length > 0) {
    const readable = await findReadableDocuments(db, caller, checked.documentIds);
    if (readable.length !== checked.documentIds.length) {
      throw new AppError("NOT_FOUND", "One of the chosen documents was not found.");
    }
  }
  const executionId = newId();
  const now = new Date();
  await db.insert(moduleExecutions).values({
    id: executionId,
    organizationId,
    moduleId: module.id,
    userId: caller.userId,
    status: "queued",
    inputs: checked.values,
    documentIds: checked.documentIds,
    regeneratesDraftId: options.regeneratesDraftId ?? null,
    createdAt: now,
    updatedAt: now,
  });
  await enqueueJob(db, {
    kind: MODULE_EXECUTION_JOB,
    organizationId,
    payload: { executionId },
    // The runner retries dispatch itself (with backoff) and marks the execution failed.
    maxAttempts: 3,
  });
  return { executionId };
}
