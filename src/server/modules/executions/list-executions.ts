import { and, eq } from "drizzle-orm";
import type { Execution } from "#shared/schemas/module.ts";
import type { FunctionCtx } from "../../api/context.ts";
import { moduleExecutions } from "../../db/schema.ts";
import { isUuid } from "../../ids.ts";
import { loadExecutionViews } from "./execution-view.ts";

/** The caller's recent executions, newest first; of one module when moduleId is given. */
export async function listExecutions(
  ctx: FunctionCtx,
  options: { moduleId?: string; limit?: number },
): Promise<Execution[]> {
  const userId = ctx.user.userId;
  ctx.dependsOnRow("module_executions", `user:${userId}`);
  ctx.dependsOnRow("drafts", `user:${userId}`);
  if (options.moduleId !== undefined && !isUuid(options.moduleId)) return [];
  return loadExecutionViews(
    ctx.db,
    ctx.user,
    and(
      eq(moduleExecutions.userId, userId),
      options.moduleId ? eq(moduleExecutions.moduleId, options.moduleId) : undefined,
    ),
    options.limit ?? 20,
  );
}
