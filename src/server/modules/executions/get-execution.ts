import type { Execution } from "#shared/schemas/module.ts";
import type { FunctionCtx } from "../../api/context.ts";
import { isUuid } from "../../ids.ts";
import { loadExecutionViews, ownExecution } from "./execution-view.ts";

/**
 * /modules/{slug}/{id}: one of the caller's own executions, or null (another
 * member's, another organization's, or none). Live on that row and on the
 * caller's drafts (the drafts it writes), not on every run in the organization.
 */
export async function getExecution(
  ctx: FunctionCtx,
  executionId: string,
): Promise<Execution | null> {
  ctx.dependsOnRow("module_executions", executionId.toLowerCase());
  ctx.dependsOnRow("drafts", `user:${ctx.user.userId}`);
  if (!isUuid(executionId)) return null;
  const [view] = await loadExecutionViews(ctx.db, ctx.user, ownExecution(ctx.user, executionId), 1);
  return view ?? null;
}
