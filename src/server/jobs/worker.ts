import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Services } from "../api/context.ts";
import type { Logger } from "../logger.ts";
import { retryDelayMs } from "./backoff.ts";
import {
  claimJobs,
  completeJob,
  type Fence,
  failJob,
  purgeFinishedJobs,
  releaseJob,
  renewLease,
  scheduleRetry,
} from "./job-store.ts";
import { JOBS_CHANNEL } from "./queue.ts";
import {
  type ClaimedJob,
  type JobHandler,
  type JobRunContext,
  JobTimeoutError,
  LeaseLostError,
  WorkerStoppingError,
} from "./types.ts";

/** Timings of a worker. Production uses the defaults; tests shorten them. */
export interface WorkerTimings {
  /** A claimed job stays claimed this long without a heartbeat; then any worker may take it. */
  leaseMs: number;
  /** How often a running job's lease is renewed (well under leaseMs). */
  heartbeatMs: number;
  /** Fallback look for due jobs (notifications wake the worker at once). */
  pollMs: number;
  /** First retry delay; doubles with each failed attempt up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** A run that takes longer is abandoned and counts as a failed attempt. */
  jobTimeoutMs: number;
  /** On stop, how long to let running jobs finish before handing them back. */
  stopGraceMs: number;
}

export const DEFAULT_TIMINGS: WorkerTimings = {
  leaseMs: 30_000,
  heartbeatMs: 10_000,
  pollMs: 1_500,
  retryBaseMs: 5_000,
  retryMaxMs: 10 * 60_000,
  jobTimeoutMs: 5 * 60_000,
  stopGraceMs: 10_000,
};

/** Done jobs are kept a day (to see what ran), failed ones a month (to diagnose). */
const PURGE_EVERY_MS = 10 * 60_000;
const KEEP_DONE_MS = 24 * 3600_000;
const KEEP_FAILED_MS = 30 * 24 * 3600_000;
const DIED_DURING_LAST_ATTEMPT = "The worker running the job's last attempt stopped unexpectedly.";

export interface JobWorkerOptions {
  services: Services;
  handlers: JobHandler[];
  concurrency: number;
  timings?: Partial<WorkerTimings>;
  /** Written to locked_by; unique per worker by default. */
  instanceId?: string;
}

interface RunningJob {
  job: ClaimedJob;
  controller: AbortController;
  done: Promise<void>;
}

/**
 * Runs durable jobs from the jobs table. Any number of workers, in any number
 * of instances, share the table: jobs are claimed with FOR UPDATE SKIP LOCKED
 * under a lease that a heartbeat renews, so a job whose worker died comes
 * back once its lease expires. Wakes on pg_notify('atrium_jobs') and polls
 * as a fallback.
 */
export class JobWorker {
  readonly instanceId: string;
  readonly #services: Services;
  readonly #log: Logger;
  readonly #handlers: Map<string, JobHandler>;
  readonly #concurrency: number;
  readonly #timings: WorkerTimings;
  readonly #running = new Map<string, RunningJob>();
  #state: "idle" | "running" | "stopping" | "stopped" = "idle";
  #claiming: Promise<void> | undefined;
  #claimAgain = false;
  #pollTimer: NodeJS.Timeout | undefined;
  #unlisten: (() => Promise<void>) | undefined;
  #stopped: Promise<void> | undefined;
  #nextPurgeAt = 0;

  constructor(options: JobWorkerOptions) {
    this.#services = options.services;
    this.instanceId =
      options.instanceId ?? `${hostname()}/${process.pid}/${randomBytes(4).toString("hex")}`;
    this.#log = options.services.log.child({ worker: this.instanceId });
    this.#handlers = new Map();
    for (const handler of options.handlers) {
      if (this.#handlers.has(handler.kind))
        throw new Error(`Two handlers for job kind ${handler.kind}`);
      this.#handlers.set(handler.kind, handler);
    }
    this.#concurrency = Math.max(1, options.concurrency);
    this.#timings = { ...DEFAULT_TIMINGS, ...options.timings };
  }

  /** Jobs this worker is running now. */
  get runningJobIds(): string[] {
    return [...this.#running.keys()];
  }

  async start(): Promise<void> {
    if (this.#state !== "idle") throw new Error("This worker was started already");
    this.#state = "running";
    this.#unlisten = await this.#services.database.listen(
      (kind) => {
        if (this.#handlers.has(kind)) this.wake();
      },
      () => this.wake(),
      JOBS_CHANNEL,
    );
    this.#pollTimer = setInterval(() => this.#tick(), this.#timings.pollMs);
    this.#tick();
  }

  /** Look for due jobs now (one was queued, or a slot came free). */
  wake(): void {
    if (this.#state !== "running") return;
    if (this.#claiming) {
      this.#claimAgain = true;
      return;
    }
    this.#claiming = this.#claimWhileFree().finally(() => {
      this.#claiming = undefined;
      if (this.#claimAgain) {
        this.#claimAgain = false;
        this.wake();
      }
    });
  }

  /**
   * Stop claiming, give running jobs stopGraceMs to finish, then hand the rest
   * back to the queue so another worker takes them at once.
   */
  stop(): Promise<void> {
    this.#stopped ??= this.#stop();
    return this.#stopped;
  }

  async #stop(): Promise<void> {
    if (this.#state === "idle") {
      this.#state = "stopped";
      return;
    }
    this.#state = "stopping";
    clearInterval(this.#pollTimer);
    await this.#unlisten?.().catch((error: unknown) =>
      this.#log.warn({ err: error }, "could not stop listening for jobs"),
    );
    if (this.#claiming) await settleWithin([this.#claiming], this.#timings.stopGraceMs);
    await settleWithin(
      [...this.#running.values()].map((r) => r.done),
      this.#timings.stopGraceMs,
    );
    const left = [...this.#running.values()];
    for (const { controller } of left) controller.abort(new WorkerStoppingError());
    await Promise.all(
      left.map(async ({ job }) => {
        try {
          if (await releaseJob(this.#services.database.db, fenceOf(job))) {
            this.#log.info({ jobId: job.id, kind: job.kind }, "handed an unfinished job back");
          }
        } catch (error) {
          this.#log.warn(
            { err: error, jobId: job.id },
            "could not hand a job back; its lease will expire",
          );
        }
      }),
    );
    this.#state = "stopped";
  }

  #tick(): void {
    this.wake();
    if (Date.now() < this.#nextPurgeAt) return;
    this.#nextPurgeAt = Date.now() + PURGE_EVERY_MS;
    purgeFinishedJobs(this.#services.database.db, {
      doneMs: KEEP_DONE_MS,
      failedMs: KEEP_FAILED_MS,
    }).catch((error: unknown) => this.#log.warn({ err: error }, "could not purge finished jobs"));
  }

  async #claimWhileFree(): Promise<void> {
    while (this.#state === "running") {
      this.#claimAgain = false;
      const free = this.#concurrency - this.#running.size;
      if (free <= 0) return;
      let claimed: ClaimedJob[];
      try {
        claimed = await claimJobs(this.#services.database.db, {
          instanceId: this.instanceId,
          kinds: [...this.#handlers.keys()],
          limit: free,
          leaseMs: this.#timings.leaseMs,
          running: [...this.#running.keys()],
        });
      } catch (error) {
        if (this.#state === "running") {
          this.#log.warn({ err: error }, "could not claim jobs; trying again at the next poll");
        }
        return;
      }
      for (const job of claimed) this.#launch(job);
      if (claimed.length < free && !this.#claimAgain) return;
    }
  }

  #launch(job: ClaimedJob): void {
    const controller = new AbortController();
    const log = this.#log.child({ jobId: job.id, kind: job.kind, attempt: job.attempts });
    const done = this.#run(job, controller, log)
      .catch((error: unknown) =>
        log.error({ err: error }, "could not record the job's outcome; its lease will expire"),
      )
      .finally(() => {
        this.#running.delete(job.id);
        this.wake();
      });
    this.#running.set(job.id, { job, controller, done });
  }

  async #run(job: ClaimedJob, controller: AbortController, log: Logger): Promise<void> {
    const handler = this.#handlers.get(job.kind);
    if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
    const fence = fenceOf(job);
    if (job.attempts > job.maxAttempts) {
      // Claimed again after its lease expired on the last attempt: the job
      // itself may be what kills workers, so it does not run again.
      await this.#giveUp(handler, job, log, DIED_DURING_LAST_ATTEMPT);
      return;
    }
    const db = this.#services.database.db;
    let completed = false;
    const heartbeat = setInterval(
      () => void this.#renew(job, controller, log, () => completed),
      this.#timings.heartbeatMs,
    );
    const timeout = setTimeout(
      () => controller.abort(new JobTimeoutError(this.#timings.jobTimeoutMs)),
      this.#timings.jobTimeoutMs,
    );
    const ctx: JobRunContext = {
      job,
      services: this.#services,
      log,
      signal: controller.signal,
      complete: async (tx) => {
        if (!(await completeJob(tx, fence))) throw new LeaseLostError(job.id);
        completed = true;
      },
    };
    try {
      await untilAborted(handler.run(ctx), controller.signal, log);
      if (!completed && !(await completeJob(db, fence))) {
        log.warn("finished the job, but another worker holds it now");
      }
    } catch (error) {
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : error;
      if (reason instanceof WorkerStoppingError) return; // stop() hands it back
      if (reason instanceof LeaseLostError) {
        log.warn("lost the job's lease to another worker; leaving it to them");
        return;
      }
      await this.#failed(handler, job, log, reason);
    } finally {
      clearInterval(heartbeat);
      clearTimeout(timeout);
    }
  }

  /**
   * Renew the lease; abort the run if another worker holds the job now. A renewal that finds
   * the job already completed by this very run (its handler still finishing after `complete`)
   * is not a lost lease.
   */
  async #renew(
    job: ClaimedJob,
    controller: AbortController,
    log: Logger,
    completed: () => boolean,
  ): Promise<void> {
    try {
      const held = await renewLease(
        this.#services.database.db,
        fenceOf(job),
        this.#timings.leaseMs,
      );
      if (!held && !completed()) controller.abort(new LeaseLostError(job.id));
    } catch (error) {
      log.warn({ err: error }, "could not renew the job's lease");
    }
  }

  async #failed(handler: JobHandler, job: ClaimedJob, log: Logger, reason: unknown) {
    const message = errorMessage(reason);
    if (job.attempts >= job.maxAttempts) {
      await this.#giveUp(handler, job, log, message);
      return;
    }
    const delayMs = retryDelayMs(job.attempts, {
      baseMs: this.#timings.retryBaseMs,
      maxMs: this.#timings.retryMaxMs,
    });
    await scheduleRetry(this.#services.database.db, fenceOf(job), { delayMs, error: message });
    log.warn({ err: reason, retryInMs: delayMs }, "job failed; it will be retried");
  }

  async #giveUp(handler: JobHandler, job: ClaimedJob, log: Logger, message: string) {
    const db = this.#services.database.db;
    try {
      await handler.onGiveUp?.({ job, services: this.#services, log, error: message });
    } catch (error) {
      // Retry the give-up itself rather than leave, say, a document in "processing".
      const delayMs = retryDelayMs(job.attempts, {
        baseMs: this.#timings.retryBaseMs,
        maxMs: this.#timings.retryMaxMs,
      });
      await scheduleRetry(db, fenceOf(job), { delayMs, error: message });
      log.error({ err: error }, "could not record the job's failure; trying again later");
      return;
    }
    await failJob(db, fenceOf(job), message);
    log.error({ error: message }, "job failed for good");
  }
}

const fenceOf = (job: ClaimedJob): Fence => ({
  id: job.id,
  lockedBy: job.lockedBy,
  attempts: job.attempts,
});

function errorMessage(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/**
 * The handler's outcome, or the abort reason as soon as the signal fires (a
 * handler that ignores its signal cannot hold a worker slot past its bound).
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal, log: Logger): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      reject(signal.reason);
      work.catch((error: unknown) =>
        log.debug({ err: error }, "an abandoned job run ended with an error"),
      );
    };
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** Wait for the promises (which never reject) or the time bound, whichever comes first. */
async function settleWithin(promises: Promise<void>[], ms: number): Promise<void> {
  if (promises.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(promises),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}
