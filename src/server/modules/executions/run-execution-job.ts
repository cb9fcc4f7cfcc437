import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Services } from "../../api/context.ts";
import type { Executor } from "../../db/database.ts";
import { moduleExecutions, modules } from "../../db/schema.ts";
import { enqueueJob } from "../../jobs/queue.ts";
import type { JobHandler } from "../../jobs/types.ts";
import { runBuiltinModule } from "../builtin/run-builtin-module.ts";
import { dispatchWebhook, RetryableDispatchError } from "../webhooks/dispatch-webhook.ts";
import {
  BUILTIN_TIMED_OUT_MESSAGE,
  finishExecution,
  startRunning,
  TIMED_OUT_MESSAGE,
} from "./execution-transitions.ts";
import { MODULE_EXECUTION_JOB } from "./start-execution.ts";

/** Fails a run still unfinished at its deadline (queued with runAt = the deadline). */
export const MODULE_EXECUTION_DEADLINE_JOB = "module-execution-deadline";

const payloadSchema = z.object({ executionId: z.uuid() });

async function loadRun(db: Executor, executionId: string) {
  const [row] = await db
    .select({ execution: moduleExecutions, module: modules })
    .from(moduleExecutions)
    .innerJoin(modules, eq(modules.id, moduleExecutions.moduleId))
    .where(eq(moduleExecutions.id, executionId));
  return row;
}

/** The reason a member reads, from the worker's "<ErrorName>: <message>". */
function readableReason(error: string): string {
  const known = /^(RetryableDispatchError|AppError|RunFailedError): /.exec(error);
  return known
    ? error.slice(known[0].length)
    : "The run stopped unexpectedly; please run it again.";
}

/**
 * Job kind 'module-execution' ({executionId}): start one run (decision 019).
 * Webhook modules: POST the run to the automation (one attempt per job run;
 * network errors and 5xx throw, so the worker retries with backoff; other
 * answers fail the run at once), then wait for its callbacks. Built-in
 * modules: the model writes the draft here. A run that finished (cancelled
 * while queued, say) is left alone; one found running again after a crash
 * starts again with a fresh callback token, so the interrupted attempt can no
 * longer post results.
 */
export function moduleExecutionJob(): JobHandler {
  return {
    kind: MODULE_EXECUTION_JOB,
    async run(ctx) {
      const parsed = payloadSchema.safeParse(ctx.job.payload);
      if (!parsed.success) return;
      const { executionId } = parsed.data;
      const db = ctx.services.database.db;
      const timeoutMs = ctx.services.config.modules.executionTimeoutMs;
      const started = await db.transaction(async (tx) => {
        const result = await startRunning(tx, executionId, new Date(Date.now() + timeoutMs));
        if (result?.firstStart) {
          await enqueueJob(tx, {
            kind: MODULE_EXECUTION_DEADLINE_JOB,
            organizationId: result.row.organizationId,
            payload: { executionId },
            runAt: result.row.callbackExpiresAt ?? new Date(Date.now() + timeoutMs),
            maxAttempts: 5,
          });
        }
        return result;
      });
      if (!started) {
        ctx.log.info({ executionId }, "module run already finished; nothing to start");
        return;
      }
      const run = await loadRun(db, executionId);
      if (!run) return;
      if (run.module.kind === "builtin") {
        await runBuiltinModule({
          services: ctx.services,
          execution: run.execution,
          module: run.module,
          signal: ctx.signal,
          complete: ctx.complete,
          log: ctx.log,
        });
        return;
      }
      const outcome = await dispatchWebhook({
        services: ctx.services,
        execution: run.execution,
        module: run.module,
        token: started.token,
        signal: ctx.signal,
      });
      if (outcome.kind === "refused") {
        await finishExecution(db, executionId, { status: "failed", error: outcome.reason });
        ctx.log.warn({ executionId, reason: outcome.reason }, "automation refused a module run");
      } else {
        ctx.log.info({ executionId, status: outcome.status }, "automation accepted a module run");
      }
    },
    async onGiveUp(ctx) {
      const parsed = payloadSchema.safeParse(ctx.job.payload);
      if (!parsed.success) return;
      await finishExecution(ctx.services.database.db, parsed.data.executionId, {
        status: "failed",
        error: readableReason(ctx.error),
      });
    },
  };
}

/** Job kind 'module-execution-deadline': the run's time is up. */
export function moduleExecutionDeadlineJob(): JobHandler {
  return {
    kind: MODULE_EXECUTION_DEADLINE_JOB,
    async run(ctx) {
      const parsed = payloadSchema.safeParse(ctx.job.payload);
      if (!parsed.success) return;
      const run = await loadRun(ctx.services.database.db, parsed.data.executionId);
      if (!run) return;
      const timedOut = await finishExecution(
        ctx.services.database.db,
        parsed.data.executionId,
        {
          status: "failed",
          error: run.module.kind === "builtin" ? BUILTIN_TIMED_OUT_MESSAGE : TIMED_OUT_MESSAGE,
        },
        { onlyIfExpired: true },
      );
      if (timedOut) ctx.log.warn({ executionId: parsed.data.executionId }, "module run timed out");
    },
  };
}

export function moduleJobHandlers(_services: Services): JobHandler[] {
  return [moduleExecutionJob(), moduleExecutionDeadlineJob()];
}

export { RetryableDispatchError };
