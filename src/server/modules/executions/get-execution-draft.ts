import { and, asc, eq, or } from "drizzle-orm";
import type { FunctionCtx } from "../../api/context.ts";
import { drafts, moduleExecutions } from "../../db/schema.ts";
import { isUuid } from "../../ids.ts";

/**
 * The draft one of the caller's runs is writing (a regeneration: the draft it
 * regenerates), for the run page to show it growing. Live on the caller's
 * drafts and on that run.
 */
export async function getExecutionDraft(ctx: FunctionCtx, executionId: string) {
  ctx.dependsOnRow("module_executions", executionId.toLowerCase());
  ctx.dependsOnRow("drafts", `user:${ctx.user.userId}`);
  if (!isUuid(executionId)) return null;
  const [run] = await ctx.db
    .select({ regeneratesDraftId: moduleExecutions.regeneratesDraftId })
    .from(moduleExecutions)
    .where(and(eq(moduleExecutions.id, executionId), eq(moduleExecutions.userId, ctx.user.userId)));
  if (!run) return null;
  const [draft] = await ctx.db
    .select({ id: drafts.id, title: drafts.title, status: drafts.status, content: drafts.content })
    .from(drafts)
    .where(
      and(
        eq(drafts.userId, ctx.user.userId),
        run.regeneratesDraftId
          ? or(eq(drafts.executionId, executionId), eq(drafts.id, run.regeneratesDraftId))
          : eq(drafts.executionId, executionId),
      ),
    )
    .orderBy(asc(drafts.createdAt), asc(drafts.id))
    .limit(1);
  return draft
    ? { draftId: draft.id, title: draft.title, status: draft.status, content: draft.content }
    : null;
}
