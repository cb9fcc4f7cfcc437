import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import {
  type Execution,
  type ExecutionStatus,
  FINISHED_EXECUTION_STATUSES,
} from "#shared/schemas/module.ts";
import type { Identity } from "../../auth/identity.ts";
import type { Executor } from "../../db/database.ts";
import { drafts, moduleExecutions, modules, users } from "../../db/schema.ts";

export type ExecutionRow = typeof moduleExecutions.$inferSelect;

/** Whether a caller may cancel an execution now: the member who ran it, while it is unfinished. */
export function canCancelExecution(
  caller: Identity,
  row: Pick<ExecutionRow, "userId" | "status">,
): boolean {
  return (
    row.userId === caller.userId &&
    !FINISHED_EXECUTION_STATUSES.includes(row.status as ExecutionStatus)
  );
}

/**
 * Executions matching `where`, newest first, as the API shows them: with
 * their module's slug and name, the member's name and the drafts they wrote.
 * The caller decides which rows `where` lets through.
 */
export async function loadExecutionViews(
  db: Executor,
  caller: Identity,
  where: SQL | undefined,
  limit: number,
): Promise<Execution[]> {
  const rows = await db
    .select({
      execution: moduleExecutions,
      moduleSlug: modules.slug,
      moduleName: modules.name,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(moduleExecutions)
    .innerJoin(modules, eq(modules.id, moduleExecutions.moduleId))
    .innerJoin(users, eq(users.id, moduleExecutions.userId))
    .where(where)
    .orderBy(desc(moduleExecutions.createdAt), desc(moduleExecutions.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.execution.id);
  const written = await db
    .select({ id: drafts.id, executionId: drafts.executionId })
    .from(drafts)
    .where(and(inArray(drafts.executionId, ids)))
    .orderBy(asc(drafts.createdAt), asc(drafts.id));
  const draftsOf = new Map<string, string[]>();
  for (const d of written) {
    if (!d.executionId) continue;
    draftsOf.set(d.executionId, [...(draftsOf.get(d.executionId) ?? []), d.id]);
  }
  return rows.map(({ execution, moduleSlug, moduleName, firstName, lastName }) => {
    const draftIds = draftsOf.get(execution.id) ?? [];
    // A regeneration writes the next version of an existing draft.
    if (execution.regeneratesDraftId && !draftIds.includes(execution.regeneratesDraftId)) {
      draftIds.push(execution.regeneratesDraftId);
    }
    return {
      _id: execution.id,
      _creationTime: execution.createdAt.getTime(),
      moduleId: execution.moduleId,
      moduleSlug,
      moduleName,
      userId: execution.userId,
      userName: `${firstName} ${lastName}`.trim(),
      status: execution.status,
      inputs: execution.inputs,
      documentIds: execution.documentIds,
      progress: execution.progress.map((p) => ({
        at: Date.parse(p.at),
        message: p.message,
        percent: p.percent ?? null,
      })),
      error: execution.error,
      startedAt: execution.startedAt?.getTime() ?? null,
      finishedAt: execution.finishedAt?.getTime() ?? null,
      draftIds,
      canCancel: canCancelExecution(caller, execution),
    };
  });
}

/** One of the caller's own executions, or undefined. */
export function ownExecution(caller: Identity, executionId: string): SQL {
  return and(eq(moduleExecutions.id, executionId), eq(moduleExecutions.userId, caller.userId))!;
}
