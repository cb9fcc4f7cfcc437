import { and, eq, gte, inArray } from "drizzle-orm";
import { AppError, conflict, notFound } from "#shared/errors.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { moduleExecutions, workflowRunSteps, workflowRuns } from "../db/schema.ts";
import { isUuid } from "../ids.ts";
import { finishExecution } from "../modules/executions/execution-transitions.ts";
import { stopTableFill } from "../tables/table-seam.ts";
import { queueRunJob, type RunRow, UNFINISHED_RUN } from "./run-transitions.ts";
import { TABLE_STEPS_UNAVAILABLE } from "./table-step.ts";

/** One of the caller's runs, locked; NOT_FOUND for anyone else's (or none). */
async function requireOwnRun(db: Executor, caller: Identity, runId: string): Promise<RunRow> {
  const [row] = isUuid(runId)
    ? await db.select().from(workflowRuns).where(eq(workflowRuns.id, runId)).for("update")
    : [];
  if (!row || row.userId !== caller.userId || row.organizationId !== caller.organizationId) {
    throw notFound("Run");
  }
  return row;
}

/**
 * workflows.cancelRun: the run stops, and so does what its current step waits
 * for: the module run, or the review table's filling (the table and the
 * answers it has stay the member's).
 */
export async function cancelRun(options: { db: Executor; caller: Identity; runId: string }) {
  const { db } = options;
  const run = await requireOwnRun(db, options.caller, options.runId);
  if (!UNFINISHED_RUN.includes(run.status as "queued")) {
    throw new AppError("CONFLICT", "This run has already finished.", { status: run.status });
  }
  const now = new Date();
  await db
    .update(workflowRuns)
    .set({ status: "cancelled", error: "The run was cancelled.", finishedAt: now, updatedAt: now })
    .where(eq(workflowRuns.id, run.id));
  const stopped = await db
    .update(workflowRunSteps)
    .set({ status: "cancelled", error: "Cancelled.", finishedAt: now, updatedAt: now })
    .where(and(eq(workflowRunSteps.runId, run.id), eq(workflowRunSteps.status, "running")))
    .returning({ executionId: workflowRunSteps.executionId, tableId: workflowRunSteps.tableId });
  for (const { tableId } of stopped) {
    if (tableId) await stopTableFill(db, tableId);
  }
  for (const { executionId } of stopped) {
    if (!executionId) continue;
    const [execution] = await db
      .select({ status: moduleExecutions.status })
      .from(moduleExecutions)
      .where(
        and(
          eq(moduleExecutions.id, executionId),
          inArray(moduleExecutions.status, ["queued", "running"]),
        ),
      );
    if (execution) await finishExecution(db, executionId, { status: "cancelled" });
  }
  return { runId: run.id };
}

/**
 * workflows.retryStep: a failed or cancelled run goes on from a step (the
 * failed one by default, or an earlier one); the steps before it keep their
 * outputs and are not run again. Its turn is bumped, so a job of the earlier
 * turn still queued stops without doing anything.
 */
export async function retryStep(options: {
  db: Executor;
  caller: Identity;
  runId: string;
  stepIndex?: number | undefined;
}) {
  const { db } = options;
  const run = await requireOwnRun(db, options.caller, options.runId);
  if (run.status !== "failed" && run.status !== "cancelled") {
    throw conflict(
      run.status === "succeeded"
        ? "This run succeeded; start a new run instead."
        : "This run is still going; wait for it to finish or cancel it first.",
    );
  }
  const from = options.stepIndex ?? Math.min(run.currentStep, run.steps.length - 1);
  if (from >= run.steps.length || from > run.currentStep) {
    throw new AppError(
      "INVALID_ARGS",
      `Step ${from + 1} has not run yet; retry step ${run.currentStep + 1} or an earlier one.`,
      {
        issues: [
          { path: "stepIndex", message: `Retry step ${run.currentStep + 1} or an earlier one.` },
        ],
      },
    );
  }
  if (TABLE_STEPS_UNAVAILABLE && run.steps.slice(from).some((s) => s.kind === "table")) {
    throw conflict(TABLE_STEPS_UNAVAILABLE);
  }
  const now = new Date();
  const [updated] = await db
    .update(workflowRuns)
    .set({
      status: "queued",
      currentStep: from,
      turn: run.turn + 1,
      error: null,
      finishedAt: null,
      updatedAt: now,
    })
    .where(eq(workflowRuns.id, run.id))
    .returning();
  await db
    .update(workflowRunSteps)
    .set({
      status: "pending",
      output: null,
      error: null,
      executionId: null,
      tableId: null,
      waits: 0,
      startedAt: null,
      finishedAt: null,
      updatedAt: now,
    })
    .where(and(eq(workflowRunSteps.runId, run.id), gte(workflowRunSteps.index, from)));
  await queueRunJob(db, updated!);
  return { runId: run.id };
}
