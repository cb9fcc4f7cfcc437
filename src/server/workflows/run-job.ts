import { eq } from "drizzle-orm";
import { z } from "zod";
import { fillTemplate } from "#shared/rules/workflow-templates.ts";
import { workflowRunSteps, workflowRuns, workflows } from "../db/schema.ts";
import type { JobHandler, JobRunContext } from "../jobs/types.ts";
import { moduleStepOutcome, startModuleStep, waitDelayMs } from "./module-step.ts";
import { loadPassages, runPrompt, StepFailedError, wrapStepOutput } from "./prompt-step.ts";
import {
  failStep,
  loadRunSteps,
  lockCurrentRun,
  markStepRunning,
  queueRunJob,
  type RunRow,
  type RunStepRow,
  succeedStep,
} from "./run-transitions.ts";
import { WORKFLOW_RUN_JOB } from "./run-job-kind.ts";
import { startTableStep, tableStepOutcome } from "./table-step.ts";

const payloadSchema = z.object({ runId: z.uuid(), turn: z.number().int().default(0) });

/** The reason a member reads, from the worker's "<ErrorName>: <message>". */
function readableReason(error: string): string {
  const known = /^(AppError|StepFailedError|JobTimeoutError): /.exec(error);
  return known ? error.slice(known[0].length) : "The step stopped unexpectedly; retry it.";
}

/**
 * Job kind 'workflow-run' ({runId, turn}): carry a run one step forward
 * (decision 028). A prompt step asks the model and records its output; a
 * module step starts its module run, then is looked at again by later jobs
 * (spaced out, brought forward when the module run ends) until it finishes;
 * no worker waits in between. Each turn writes its outcome, queues the next
 * job and completes itself in one transaction, so a crash resumes at the
 * step the run was on (a prompt step interrupted mid-answer is asked again).
 */
export function workflowRunJob(): JobHandler {
  return {
    kind: WORKFLOW_RUN_JOB,
    async run(ctx) {
      const parsed = payloadSchema.safeParse(ctx.job.payload);
      if (!parsed.success) return;
      const { runId, turn } = parsed.data;
      const db = ctx.services.database.db;
      const run = await db.transaction(async (tx) => {
        const current = await lockCurrentRun(tx, runId, turn);
        if (current?.status === "queued") {
          const [started] = await tx
            .update(workflowRuns)
            .set({
              status: "running",
              startedAt: current.startedAt ?? new Date(),
              updatedAt: new Date(),
            })
            .where(eq(workflowRuns.id, runId))
            .returning();
          return started;
        }
        return current;
      });
      if (!run) return;
      const steps = await loadRunSteps(db, runId);
      const index = run.currentStep;
      const step = run.steps[index];
      const row = steps[index];
      if (!step || !row) return;
      const outputs = steps.map((s) => (s.index < index ? s.output : null));
      if (step.kind === "prompt") {
        await promptTurn(ctx, run, row, step, outputs);
      } else if (step.kind === "module") {
        await moduleTurn(ctx, run, row, step, outputs);
      } else {
        await tableTurn(ctx, run, row, step, outputs);
      }
    },
    async onGiveUp(ctx) {
      const parsed = payloadSchema.safeParse(ctx.job.payload);
      if (!parsed.success) return;
      const db = ctx.services.database.db;
      await db.transaction(async (tx) => {
        const run = await lockCurrentRun(tx, parsed.data.runId, parsed.data.turn);
        if (run) await failStep(tx, run, run.currentStep, readableReason(ctx.error));
      });
    },
  };
}

type PromptStep = Extract<RunRow["steps"][number], { kind: "prompt" }>;
type ModuleStep = Extract<RunRow["steps"][number], { kind: "module" }>;
type TableStep = Extract<RunRow["steps"][number], { kind: "table" }>;

async function promptTurn(
  ctx: JobRunContext,
  run: RunRow,
  row: RunStepRow,
  step: PromptStep,
  outputs: (string | null)[],
) {
  const db = ctx.services.database.db;
  await markStepRunning(db, row.id);
  const { names, sources } = await loadPassages(db, run.organizationId, run.documentIds);
  const request = fillTemplate(step.prompt, {
    inputs: run.inputs,
    outputs,
    documentNames: names,
    wrapOutput: wrapStepOutput,
  });
  let output: string | undefined;
  let failure: string | undefined;
  try {
    output = (
      await runPrompt({
        services: ctx.services,
        organizationId: run.organizationId,
        modelId: step.modelId,
        request,
        sources,
        signal: ctx.signal,
      })
    ).text;
  } catch (error) {
    if (!(error instanceof StepFailedError)) throw error;
    failure = error.message;
  }
  await db.transaction(async (tx) => {
    const current = await lockCurrentRun(tx, run.id, run.turn);
    if (current) {
      if (failure !== undefined) await failStep(tx, current, row.index, failure);
      else await succeedStep(tx, current, row.index, output ?? "");
    }
    await ctx.complete(tx);
  });
}

async function moduleTurn(
  ctx: JobRunContext,
  run: RunRow,
  row: RunStepRow,
  step: ModuleStep,
  outputs: (string | null)[],
) {
  const db = ctx.services.database.db;
  if (row.status !== "running" || !row.executionId) {
    await markStepRunning(db, row.id);
    const { names } = await loadPassages(db, run.organizationId, run.documentIds);
    await db.transaction(async (tx) => {
      const current = await lockCurrentRun(tx, run.id, run.turn);
      if (current) {
        const refused = await startModuleStep({
          tx,
          run: current,
          step,
          stepId: row.id,
          outputs,
          documentNames: names,
        });
        if (refused) await failStep(tx, current, row.index, refused);
        else await queueRunJob(tx, current, waitDelayMs(0));
      }
      await ctx.complete(tx);
    });
    return;
  }
  const outcome = await moduleStepOutcome(db, row.executionId);
  await settleWaitingStep(ctx, run, row, outcome);
}

/** A waiting (module or table) step: look again later, or record how it ended. */
async function settleWaitingStep(
  ctx: JobRunContext,
  run: RunRow,
  row: RunStepRow,
  outcome:
    | { state: "waiting" }
    | { state: "succeeded"; output: string }
    | { state: "failed"; reason: string },
) {
  const db = ctx.services.database.db;
  await db.transaction(async (tx) => {
    const current = await lockCurrentRun(tx, run.id, run.turn);
    if (current) {
      if (outcome.state === "waiting") {
        await tx
          .update(workflowRunSteps)
          .set({ waits: row.waits + 1 })
          .where(eq(workflowRunSteps.id, row.id));
        await queueRunJob(tx, current, waitDelayMs(row.waits + 1));
      } else if (outcome.state === "succeeded") {
        await succeedStep(tx, current, row.index, outcome.output);
      } else {
        await failStep(tx, current, row.index, outcome.reason);
      }
    }
    await ctx.complete(tx);
  });
}

/** A table step: create its review table, then look at its filling on later turns until done. */
async function tableTurn(
  ctx: JobRunContext,
  run: RunRow,
  row: RunStepRow,
  step: TableStep,
  outputs: (string | null)[],
) {
  const db = ctx.services.database.db;
  if (row.status !== "running" || !row.tableId) {
    await markStepRunning(db, row.id);
    const { names } = await loadPassages(db, run.organizationId, run.documentIds);
    const [workflow] = await db
      .select({ name: workflows.name })
      .from(workflows)
      .where(eq(workflows.id, run.workflowId));
    await db.transaction(async (tx) => {
      const current = await lockCurrentRun(tx, run.id, run.turn);
      if (current) {
        const refused = await startTableStep({
          tx,
          run: current,
          step,
          stepId: row.id,
          name: `${workflow?.name ?? "Workflow"}: ${step.title || `step ${row.index + 1}`}`.slice(
            0,
            120,
          ),
          outputs,
          documentNames: names,
        });
        if (refused) await failStep(tx, current, row.index, refused);
        else await queueRunJob(tx, current, waitDelayMs(0));
      }
      await ctx.complete(tx);
    });
    return;
  }
  const outcome = await tableStepOutcome(db, row.tableId);
  await settleWaitingStep(ctx, run, row, outcome);
}
