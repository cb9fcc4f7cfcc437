import { asc, eq } from "drizzle-orm";
import { isAppError } from "#shared/errors.ts";
import { fillTemplate } from "#shared/rules/workflow-templates.ts";
import type { WorkflowStep } from "#shared/schemas/workflow.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { drafts, moduleExecutions, users, workflowRunSteps } from "../db/schema.ts";
import { findRunnableModule } from "../modules/module-access.ts";
import { startExecution } from "../modules/executions/start-execution.ts";
import { draftHtmlToText } from "./html-to-text.ts";
import type { RunRow } from "./run-transitions.ts";

type ModuleStep = Extract<WorkflowStep, { kind: "module" }>;

/** The run's member as a caller (a disabled member or one who left runs nothing more). */
export async function runnerIdentity(db: Executor, run: RunRow): Promise<Identity | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, run.userId));
  if (!user || user.disabled || user.organizationId !== run.organizationId) return undefined;
  return {
    userId: user.id,
    sessionId: `workflow-run:${run.id}`,
    organizationId: user.organizationId,
    role: user.role,
    isSuperadmin: user.isSuperadmin,
  };
}

/**
 * Start the module run of a module step, as the run's member, in the
 * caller's transaction: the module's inputs filled from the step's mapping
 * (documents inputs get the run's documents). A reason string when it cannot start.
 */
export async function startModuleStep(options: {
  tx: Executor;
  run: RunRow;
  step: ModuleStep;
  stepId: string;
  outputs: (string | null)[];
  documentNames: string[];
}): Promise<string | undefined> {
  const { tx, run, step } = options;
  const caller = await runnerIdentity(tx, run);
  if (!caller) return "The member who started this run can no longer run it.";
  const module = await findRunnableModule(tx, caller, { slug: step.moduleSlug });
  if (!module) return `The module “${step.moduleSlug}” is no longer available.`;
  const inputs: Record<string, unknown> = {};
  for (const input of module.inputs) {
    if (input.type === "documents") {
      inputs[input.key] = run.documentIds.slice(0, input.maxDocuments ?? run.documentIds.length);
      continue;
    }
    const template = step.inputs[input.key];
    if (template === undefined) continue;
    const filled = fillTemplate(template, {
      inputs: run.inputs,
      outputs: options.outputs,
      documentNames: options.documentNames,
    });
    // A one-line input takes a multi-line output as one line.
    inputs[input.key] = (input.type === "text" ? filled.replace(/\s+/g, " ").trim() : filled).slice(
      0,
      20_000,
    );
  }
  let executionId: string;
  try {
    ({ executionId } = await startExecution({ db: tx, caller, module, inputs }));
  } catch (error) {
    if (isAppError(error)) return error.message;
    throw error;
  }
  await tx
    .update(workflowRunSteps)
    .set({
      status: "running",
      executionId,
      waits: 0,
      updatedAt: new Date(),
    })
    .where(eq(workflowRunSteps.id, options.stepId));
  return undefined;
}

/** Where a module step's execution is: unfinished, or its outcome (output text or failure reason). */
export async function moduleStepOutcome(
  db: Executor,
  executionId: string,
): Promise<
  | { state: "waiting" }
  | { state: "succeeded"; output: string }
  | { state: "failed"; reason: string }
> {
  const [execution] = await db
    .select({ status: moduleExecutions.status, error: moduleExecutions.error })
    .from(moduleExecutions)
    .where(eq(moduleExecutions.id, executionId));
  if (!execution) return { state: "failed", reason: "The module run no longer exists." };
  if (execution.status === "queued" || execution.status === "running") return { state: "waiting" };
  if (execution.status === "cancelled")
    return { state: "failed", reason: "The module run was cancelled." };
  if (execution.status === "failed") {
    return { state: "failed", reason: execution.error ?? "The module run failed." };
  }
  const written = await db
    .select({ content: drafts.content, fileName: drafts.fileName })
    .from(drafts)
    .where(eq(drafts.executionId, executionId))
    .orderBy(asc(drafts.createdAt), asc(drafts.id));
  const output = written
    .map((d) => draftHtmlToText(d.content) || (d.fileName ? `(A file: ${d.fileName})` : ""))
    .filter(Boolean)
    .join("\n\n");
  return { state: "succeeded", output: output || "(The module finished without a result.)" };
}

/** Delay before looking at a waiting step again: 1 s, growing to 15 s (a finished module run wakes it sooner). */
export const waitDelayMs = (waits: number) => Math.min(15_000, Math.round(1_000 * 1.5 ** waits));
