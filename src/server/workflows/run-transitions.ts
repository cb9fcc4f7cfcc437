import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../db/database.ts";
import { jobs, workflowRunSteps, workflowRuns, workflows } from "../db/schema.ts";
import { insertDraft } from "../drafts/draft-writes.ts";
import { enqueueJob, JOBS_CHANNEL } from "../jobs/queue.ts";
import { markdownToDraftHtml, textToDraftHtml } from "../modules/draft-html.ts";
import { notify } from "../notifications/notify.ts";
import { WORKFLOW_RUN_JOB } from "./run-job-kind.ts";

/**
 * Every change of a run and its steps (decision 028). A run moves queued →
 * running → succeeded | failed | cancelled; a retry moves a failed or
 * cancelled one back to queued with its turn bumped. One job at a time
 * carries a run: each turn of it writes its step's outcome, queues the next
 * job and completes itself in one transaction, under a lock on the run's row.
 */

export type RunRow = typeof workflowRuns.$inferSelect;
export type RunStepRow = typeof workflowRunSteps.$inferSelect;
export const UNFINISHED_RUN = ["queued", "running"] as const;

export async function loadRun(db: Executor, runId: string): Promise<RunRow | undefined> {
  const [row] = await db.select().from(workflowRuns).where(eq(workflowRuns.id, runId));
  return row;
}

export async function loadRunSteps(db: Executor, runId: string): Promise<RunStepRow[]> {
  return db
    .select()
    .from(workflowRunSteps)
    .where(eq(workflowRunSteps.runId, runId))
    .orderBy(asc(workflowRunSteps.index));
}

/** The run, locked, when it is still unfinished and in this turn; undefined otherwise (cancelled, retried). */
export async function lockCurrentRun(
  tx: Executor,
  runId: string,
  turn: number,
): Promise<RunRow | undefined> {
  const [row] = await tx
    .select()
    .from(workflowRuns)
    .where(eq(workflowRuns.id, runId))
    .for("update");
  if (!row || row.turn !== turn || !UNFINISHED_RUN.includes(row.status as "queued"))
    return undefined;
  return row;
}

/** Queue the run's next job (of this turn), now or after `delayMs`. */
export async function queueRunJob(db: Executor, run: RunRow, delayMs = 0) {
  await enqueueJob(db, {
    kind: WORKFLOW_RUN_JOB,
    organizationId: run.organizationId,
    payload: { runId: run.id, turn: run.turn },
    maxAttempts: 3,
    ...(delayMs > 0 ? { runAt: new Date(Date.now() + delayMs) } : {}),
  });
}

export async function markStepRunning(db: Executor, stepId: string) {
  await db
    .update(workflowRunSteps)
    .set({
      status: "running",
      attempts: sql`${workflowRunSteps.attempts} + 1`,
      startedAt: new Date(),
      finishedAt: null,
      error: null,
      output: null,
      updatedAt: new Date(),
    })
    .where(eq(workflowRunSteps.id, stepId));
}

const stepLabel = (run: RunRow, index: number) => {
  const title = run.steps[index]?.title;
  return title ? `Step ${index + 1} (${title})` : `Step ${index + 1}`;
};

async function workflowOf(db: Executor, run: RunRow) {
  const [row] = await db
    .select({ name: workflows.name, slug: workflows.slug })
    .from(workflows)
    .where(eq(workflows.id, run.workflowId));
  return row ?? { name: "Workflow", slug: "" };
}

/** The step succeeded: the next step's job is queued, or (the last one) the run ends with its draft. */
export async function succeedStep(tx: Executor, run: RunRow, index: number, output: string) {
  const now = new Date();
  await tx
    .update(workflowRunSteps)
    .set({ status: "succeeded", output, error: null, finishedAt: now, updatedAt: now })
    .where(and(eq(workflowRunSteps.runId, run.id), eq(workflowRunSteps.index, index)));
  if (index + 1 < run.steps.length) {
    await tx
      .update(workflowRuns)
      .set({ currentStep: index + 1, updatedAt: now })
      .where(eq(workflowRuns.id, run.id));
    await queueRunJob(tx, run);
    return;
  }
  const workflow = await workflowOf(tx, run);
  const content = markdownToDraftHtml(output) || textToDraftHtml(output) || "<p>(empty)</p>";
  await insertDraft(tx, {
    organizationId: run.organizationId,
    userId: run.userId,
    executionId: null,
    moduleId: null,
    workflowRunId: run.id,
    title: workflow.name,
    status: "ready",
    content,
  });
  await tx
    .update(workflowRuns)
    .set({
      status: "succeeded",
      currentStep: run.steps.length,
      error: null,
      finishedAt: now,
      updatedAt: now,
    })
    .where(eq(workflowRuns.id, run.id));
  await notify(tx, {
    organizationId: run.organizationId,
    userId: run.userId,
    kind: "workflow.finished",
    title: `“${workflow.name}” finished: its draft is ready`,
    body: "",
    link: `/workflows/${workflow.slug}?run=${run.id}`,
    data: { workflowRunId: run.id, status: "succeeded" },
  });
}

/** The step failed: so does the run, saying which step and why. */
export async function failStep(tx: Executor, run: RunRow, index: number, reason: string) {
  const now = new Date();
  await tx
    .update(workflowRunSteps)
    .set({ status: "failed", error: reason, finishedAt: now, updatedAt: now })
    .where(and(eq(workflowRunSteps.runId, run.id), eq(workflowRunSteps.index, index)));
  const error = `${stepLabel(run, index)} failed: ${reason}`;
  await tx
    .update(workflowRuns)
    .set({ status: "failed", error, finishedAt: now, updatedAt: now })
    .where(eq(workflowRuns.id, run.id));
  const workflow = await workflowOf(tx, run);
  await notify(tx, {
    organizationId: run.organizationId,
    userId: run.userId,
    kind: "workflow.finished",
    title: `“${workflow.name}” failed`,
    body: error,
    link: `/workflows/${workflow.slug}?run=${run.id}`,
    data: { workflowRunId: run.id, status: "failed" },
  });
}

/**
 * A module run ended: the workflow runs waiting for it look now rather than
 * at their next poll (their queued job is brought forward).
 */
export async function wakeRunsWaitingOn(db: Executor, executionId: string) {
  const waiting = await db
    .select({ runId: workflowRunSteps.runId })
    .from(workflowRunSteps)
    .where(
      and(eq(workflowRunSteps.executionId, executionId), eq(workflowRunSteps.status, "running")),
    );
  if (waiting.length === 0) return;
  await db
    .update(jobs)
    .set({ runAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(jobs.kind, WORKFLOW_RUN_JOB),
        eq(jobs.status, "queued"),
        inArray(
          sql`${jobs.payload}->>'runId'`,
          waiting.map((w) => w.runId),
        ),
      ),
    );
  await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${WORKFLOW_RUN_JOB})`);
}
