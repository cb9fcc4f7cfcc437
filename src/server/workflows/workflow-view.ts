import { inArray } from "drizzle-orm";
import type { Workflow } from "#shared/schemas/workflow.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { users } from "../db/schema.ts";
import { canEditWorkflow, type WorkflowRow } from "./workflow-access.ts";

/** Workflows as the API shows them, with their author's name and whether the caller may edit them. */
export async function workflowViews(
  db: Executor,
  caller: Identity,
  rows: WorkflowRow[],
): Promise<Workflow[]> {
  const authorIds = [...new Set(rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])))];
  const authors =
    authorIds.length === 0
      ? []
      : await db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, authorIds));
  const names = new Map(authors.map((a) => [a.id, `${a.firstName} ${a.lastName}`.trim()]));
  return rows.map((row) => ({
    _id: row.id,
    _creationTime: row.createdAt.getTime(),
    slug: row.slug,
    name: row.name,
    description: row.description,
    inputs: row.inputs,
    steps: row.steps,
    createdBy: row.createdBy,
    createdByName: (row.createdBy && names.get(row.createdBy)) || "A former member",
    updatedAt: row.updatedAt.getTime(),
    archivedAt: row.archivedAt?.getTime() ?? null,
    canEdit: canEditWorkflow(caller, row),
  }));
}

export async function workflowView(db: Executor, caller: Identity, row: WorkflowRow) {
  const [view] = await workflowViews(db, caller, [row]);
  return view!;
}
