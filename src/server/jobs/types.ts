import type { Services } from "../api/context.ts";
import type { Executor } from "../db/database.ts";
import type { Logger } from "../logger.ts";

/** A job as this worker claimed it. */
export interface ClaimedJob {
  id: string;
  kind: string;
  organizationId: string | null;
  payload: Record<string, unknown>;
  /** Runs so far, this one included. With lockedBy, it fences this claim from later ones. */
  attempts: number;
  maxAttempts: number;
  lockedBy: string;
}

export interface JobRunContext {
  job: ClaimedJob;
  services: Services;
  log: Logger;
  /** Aborted when the worker stops, the job runs out of time or another worker took it over. */
  signal: AbortSignal;
  /**
   * Mark the job done inside the handler's own transaction, so its results and
   * the job's completion commit together (or not at all). Throws
   * LeaseLostError, rolling that transaction back, when this worker no longer
   * holds the job. Optional: a handler that returns without calling it is
   * marked done afterwards.
   */
  complete(tx: Executor): Promise<void>;
}

export interface GiveUpContext {
  job: ClaimedJob;
  services: Services;
  log: Logger;
  /** Why the last attempt failed. */
  error: string;
}

/** What a worker does with one kind of job. */
export interface JobHandler {
  kind: string;
  /** Throw to retry with backoff (until max attempts); return to finish the job. */
  run(ctx: JobRunContext): Promise<void>;
  /**
   * Once, when the job has failed for good: its last attempt threw, or a
   * worker died during it. Leave things in a state a user can read.
   */
  onGiveUp?(ctx: GiveUpContext): Promise<void>;
}

/** This worker no longer holds the job: its lease expired and another worker claimed it. */
export class LeaseLostError extends Error {
  override name = "LeaseLostError";
  constructor(jobId: string) {
    super(`Lost the lease on job ${jobId}: another worker holds it now`);
  }
}

/** The job ran past its time bound. */
export class JobTimeoutError extends Error {
  override name = "JobTimeoutError";
  constructor(ms: number) {
    super(`The job did not finish within ${Math.round(ms / 1000)} s`);
  }
}

/** The worker is stopping; the job goes back to the queue for another worker. */
export class WorkerStoppingError extends Error {
  override name = "WorkerStoppingError";
  constructor() {
    super("The worker is stopping");
  }
}
