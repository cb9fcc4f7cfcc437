import type { Execution } from "#shared/schemas/module.ts";
import type { FunctionCtx } from "../../api/context.ts";
import { isUuid } from "../../ids.ts";
import { loadExecutionViews, ownExecution } from "./execution-view.ts";

/** A key no change carries: the query read a table but depends on none of its rows. */
const NO_ROW = "none";

/**
 * /modules/{slug}/{id}: one of the caller's own executions, or null (another
 * member's, another organization's, or none). Live on that row only: its
 * drafts are written in the transaction that finishes it, so they need no
 * dependency of their own beyond the rows already listed; the module and the
 * member are narrowed to theirs. Other runs and drafts of the organization
 * (or of the same member) do not re-run it.
 */
export async function getExecution(
  ctx: FunctionCtx,
  executionId: string,
): Promise<Execution | null> {
  ctx.dependsOnRow("module_executions", executionId.toLowerCase());
  if (!isUuid(executionId)) return null;
  const [view] = await loadExecutionViews(ctx.db, ctx.user, ownExecution(ctx.user, executionId), 1);
  ctx.dependsOnRow("users", ctx.user.userId);
  ctx.dependsOnRow("modules", view?.moduleId ?? NO_ROW);
  if (!view || view.draftIds.length === 0) ctx.dependsOnRow("drafts", NO_ROW);
  for (const draftId of view?.draftIds ?? []) ctx.dependsOnRow("drafts", draftId);
  return view ?? null;
}
