import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { drafts, moduleExecutions, modules } from "../../db/schema.ts";
import { notify } from "../../notifications/notify.ts";
import { wakeRunsWaitingOn } from "../../workflows/run-transitions.ts";
import type { ExecutionRow } from "./execution-view.ts";

/**
 * Every change of an execution's status (decision 019). Each is one
 * conditional UPDATE on the status it moves from, so a status never goes
 * back and two writers (the runner, a callback, the deadline, the member's
 * cancel) cannot both win: the loser's update touches no row.
 */

export const UNFINISHED = ["queued", "running"] as const;
export const TIMED_OUT_MESSAGE = "The automation did not answer in time.";
export const BUILTIN_TIMED_OUT_MESSAGE = "The model did not finish the draft in time.";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * queued → running (or running again after a crash), with a fresh one-time
 * callback token: the previous token, if any, stops working, so an automation
 * reached by an interrupted attempt cannot post results as well. The
 * deadline is set once, on the first start. Undefined when the run has
 * finished (cancelled before it started, say).
 */
export async function startRunning(
  db: Executor,
  executionId: string,
  deadline: Date,
): Promise<{ row: ExecutionRow; token: string; firstStart: boolean } | undefined> {
  const token = randomBytes(32).toString("base64url");
  const [before] = await db
    .select({ status: moduleExecutions.status })
    .from(moduleExecutions)
    .where(eq(moduleExecutions.id, executionId));
  const [row] = await db
    .update(moduleExecutions)
    .set({
      status: "running",
      startedAt: sql`coalesce(${moduleExecutions.startedAt}, now())`,
      callbackTokenHash: hashToken(token),
      callbackExpiresAt: sql`coalesce(${moduleExecutions.callbackExpiresAt}, ${deadline.toISOString()}::timestamptz)`,
      updatedAt: new Date(),
    })
    .where(and(eq(moduleExecutions.id, executionId), inArray(moduleExecutions.status, UNFINISHED)))
    .returning();
  if (!row) return undefined;
  return { row, token, firstStart: before?.status === "queued" };
}

/** running|queued → succeeded|failed|cancelled; clears the callback token. False when it had finished. */
export async function finishExecution(
  db: Executor,
  executionId: string,
  outcome: { status: "succeeded" | "failed" | "cancelled"; error?: string | null },
  extra: { onlyIfExpired?: boolean } = {},
): Promise<boolean> {
  const rows = await db
    .update(moduleExecutions)
    .set({
      status: outcome.status,
      error: outcome.error ?? null,
      finishedAt: new Date(),
      callbackTokenHash: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(moduleExecutions.id, executionId),
        inArray(moduleExecutions.status, UNFINISHED),
        extra.onlyIfExpired ? sql`${moduleExecutions.callbackExpiresAt} <= now()` : undefined,
      ),
    )
    .returning({
      id: moduleExecutions.id,
      regeneratesDraftId: moduleExecutions.regeneratesDraftId,
      organizationId: moduleExecutions.organizationId,
      userId: moduleExecutions.userId,
      moduleId: moduleExecutions.moduleId,
    });
  const [finished] = rows;
  if (finished?.regeneratesDraftId && outcome.status !== "succeeded") {
    // drafts.regenerate marked the draft pending: a run that ends without a result gives it
    // back as it was (its current version untouched), saying why.
    await db
      .update(drafts)
      .set({
        status: "ready",
        error:
          outcome.status === "cancelled"
            ? "Regenerating was cancelled."
            : (outcome.error ?? "Regenerating failed."),
        updatedAt: new Date(),
      })
      .where(and(eq(drafts.id, finished.regeneratesDraftId), eq(drafts.status, "pending")));
  }
  // A workflow run waiting for this one looks at it now (decision 028).
  if (finished) await wakeRunsWaitingOn(db, finished.id);
  // The member hears how their run ended (not of a cancel: they did it themselves).
  if (finished && outcome.status !== "cancelled") {
    const [module] = await db
      .select({ name: modules.name, slug: modules.slug })
      .from(modules)
      .where(eq(modules.id, finished.moduleId));
    const name = module?.name ?? "A module";
    await notify(db, {
      organizationId: finished.organizationId,
      userId: finished.userId,
      kind: "module.finished",
      title:
        outcome.status === "succeeded"
          ? `“${name}” finished: its draft is ready`
          : `“${name}” failed`,
      body: outcome.status === "failed" ? (outcome.error ?? "") : "",
      link: module ? `/modules/${module.slug}/${finished.id}` : null,
      data: { executionId: finished.id, status: outcome.status },
    });
  }
  return finished !== undefined;
}

/** Append a progress message of a running execution. */
export async function appendProgress(
  db: Executor,
  executionId: string,
  progress: { message: string; percent?: number },
): Promise<void> {
  const entry = JSON.stringify([
    {
      at: new Date().toISOString(),
      message: progress.message,
      ...(progress.percent === undefined ? {} : { percent: progress.percent }),
    },
  ]);
  await db
    .update(moduleExecutions)
    .set({
      progress: sql`${moduleExecutions.progress} || ${entry}::jsonb`,
      updatedAt: new Date(),
    })
    .where(and(eq(moduleExecutions.id, executionId), eq(moduleExecutions.status, "running")));
}
