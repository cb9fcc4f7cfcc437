import { eq } from "drizzle-orm";
import { fillTemplate } from "#shared/rules/workflow-templates.ts";
import type { WorkflowStep } from "#shared/schemas/workflow.ts";
import type { Executor } from "../db/database.ts";
import { workflowRunSteps } from "../db/schema.ts";
import { createTableForRun, tableAsMarkdown, tableFillState } from "../tables/table-seam.ts";
import type { RunRow } from "./run-transitions.ts";

/**
 * Table steps (decision 028) fill a review table over the run's documents
 * through the review tables' seam (decision 027), then wait for it like a
 * module step: later turns look at its filling until no cell is pending.
 * Null: they are available (the message refused them before the seam existed).
 */
export const TABLE_STEPS_UNAVAILABLE: string | null = null;

type TableStep = Extract<WorkflowStep, { kind: "table" }>;

/** Create the step's table (its questions filled from the run), in the caller's transaction; a reason when it cannot. */
export async function startTableStep(options: {
  tx: Executor;
  run: RunRow;
  step: TableStep;
  stepId: string;
  name: string;
  outputs: (string | null)[];
  documentNames: string[];
}): Promise<string | undefined> {
  const { tx, run, step } = options;
  if (run.documentIds.length === 0) {
    return "A review table step needs documents: choose some when you run the workflow.";
  }
  const { tableId } = await createTableForRun(tx, {
    organizationId: run.organizationId,
    userId: run.userId,
    name: options.name,
    documentIds: run.documentIds,
    columns: step.columns.map((column) => ({
      ...column,
      question: fillTemplate(column.question, {
        inputs: run.inputs,
        outputs: options.outputs,
        documentNames: options.documentNames,
      }).slice(0, 500),
    })),
  });
  await tx
    .update(workflowRunSteps)
    .set({ status: "running", tableId, waits: 0, updatedAt: new Date() })
    .where(eq(workflowRunSteps.id, options.stepId));
  return undefined;
}

/** Where a table step's filling is: still going, or its answers as markdown with a link to the table. */
export async function tableStepOutcome(
  db: Executor,
  tableId: string,
): Promise<
  | { state: "waiting" }
  | { state: "succeeded"; output: string }
  | { state: "failed"; reason: string }
> {
  const fill = await tableFillState(db, tableId);
  if (fill.pending > 0) return { state: "waiting" };
  if (fill.total > 0 && fill.failed === fill.total) {
    return { state: "failed", reason: "No cell of the review table could be answered." };
  }
  const markdown = await tableAsMarkdown(db, tableId);
  return {
    state: "succeeded",
    output: `${markdown}\n\n[Open the review table](/modules/table/${tableId})`,
  };
}
