import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { WorkflowRun, WorkflowRunSummary } from "#shared/schemas/workflow.ts";
import type { Executor } from "../db/database.ts";
import { drafts, workflowRuns, workflows } from "../db/schema.ts";
import { loadRunSteps, type RunRow, UNFINISHED_RUN } from "./run-transitions.ts";

const ms = (date: Date | null) => date?.getTime() ?? null;

/** Runs matching `where` (the caller decides which), newest first, as summaries. */
export async function loadRunSummaries(
  db: Executor,
  where: SQL | undefined,
  limit: number,
): Promise<Array<WorkflowRunSummary & { row: RunRow }>> {
  const rows = await db
    .select({ run: workflowRuns, slug: workflows.slug, name: workflows.name })
    .from(workflowRuns)
    .innerJoin(workflows, eq(workflows.id, workflowRuns.workflowId))
    .where(where)
    .orderBy(desc(workflowRuns.createdAt), desc(workflowRuns.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const written = await db
    .select({ id: drafts.id, runId: drafts.workflowRunId })
    .from(drafts)
    .where(
      inArray(
        drafts.workflowRunId,
        rows.map((r) => r.run.id),
      ),
    );
  const draftOf = new Map(written.map((d) => [d.runId, d.id]));
  return rows.map(({ run, slug, name }) => ({
    row: run,
    _id: run.id,
    _creationTime: run.createdAt.getTime(),
    workflowId: run.workflowId,
    workflowSlug: slug,
    workflowName: name,
    userId: run.userId,
    status: run.status,
    currentStep: run.currentStep,
    stepCount: run.steps.length,
    error: run.error,
    startedAt: ms(run.startedAt),
    finishedAt: ms(run.finishedAt),
    draftId: draftOf.get(run.id) ?? null,
  }));
}

/** One run with its steps; the caller has limited `where` to what they may see. */
export async function loadRunView(db: Executor, where: SQL): Promise<WorkflowRun | null> {
  const [summary] = await loadRunSummaries(db, where, 1);
  if (!summary) return null;
  const { row, ...rest } = summary;
  const steps = await loadRunSteps(db, row.id);
  const failed = steps.find((s) => s.status === "failed" || s.status === "cancelled");
  const finished = !UNFINISHED_RUN.includes(row.status as "queued");
  return {
    ...rest,
    inputs: row.inputs,
    documentIds: row.documentIds,
    canCancel: !finished,
    retryStepIndex:
      row.status === "failed" || row.status === "cancelled"
        ? (failed?.index ?? Math.min(row.currentStep, row.steps.length - 1))
        : null,
    steps: steps.map((s) => {
      const step = row.steps[s.index];
      const link =
        s.executionId && step?.kind === "module"
          ? `/modules/${step.moduleSlug}/${s.executionId}`
          : s.tableId
            ? `/modules/table/${s.tableId}`
            : null;
      return {
        index: s.index,
        kind: s.kind,
        title: step?.title || defaultTitle(step?.kind ?? s.kind, s.index),
        status: s.status,
        output: s.output,
        error: s.error,
        attempts: s.attempts,
        startedAt: ms(s.startedAt),
        finishedAt: ms(s.finishedAt),
        executionId: s.executionId,
        tableId: s.tableId,
        link,
      };
    }),
  };
}

export function defaultTitle(kind: string, index: number): string {
  const what = kind === "prompt" ? "Prompt" : kind === "module" ? "Module" : "Review table";
  return `${what} step ${index + 1}`;
}

export const ownRun = (userId: string, organizationId: string, runId: string) =>
  and(
    eq(workflowRuns.id, runId),
    eq(workflowRuns.userId, userId),
    eq(workflowRuns.organizationId, organizationId),
  )!;
