import { eq } from "drizzle-orm";
import { AppError, notFound } from "#shared/errors.ts";
import type { Identity } from "../../auth/identity.ts";
import type { Executor } from "../../db/database.ts";
import { moduleExecutions } from "../../db/schema.ts";
import { isUuid } from "../../ids.ts";
import { canCancelExecution } from "./execution-view.ts";
import { finishExecution } from "./execution-transitions.ts";

/**
 * modules.cancelExecution: the member who ran it stops an unfinished run. Its
 * callback token is cleared at once, so the automation's later callbacks are
 * refused (409) and a dispatch still being retried stops at its next attempt.
 * Someone else's run is "not found"; a finished one is CONFLICT.
 */
export async function cancelExecution(options: {
  db: Executor;
  caller: Identity;
  executionId: string;
}): Promise<{ executionId: string }> {
  const { db, caller, executionId } = options;
  const [row] = isUuid(executionId)
    ? await db.select().from(moduleExecutions).where(eq(moduleExecutions.id, executionId))
    : [];
  if (!row || row.userId !== caller.userId) throw notFound("Execution");
  if (
    !canCancelExecution(caller, row) ||
    !(await finishExecution(db, executionId, { status: "cancelled" }))
  ) {
    throw new AppError("CONFLICT", "This run has already finished.", { status: row.status });
  }
  return { executionId };
}
