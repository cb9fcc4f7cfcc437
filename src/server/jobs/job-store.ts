import { and, eq, inArray, lt, notInArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "../db/database.ts";
import { rowsOf } from "../db/raw-rows.ts";
import { jobs } from "../db/schema.ts";
import type { ClaimedJob } from "./types.ts";

/**
 * The job table's state changes. Times come from the database clock (now()),
 * so instances with skewed clocks agree on leases and backoff. Every change to
 * a claimed job is fenced by (id, locked_by, attempts, status 'running'): a
 * worker whose lease expired and was taken over cannot touch the new claim.
 */
export interface Fence {
  id: string;
  lockedBy: string;
  attempts: number;
}

const MAX_ERROR_LENGTH = 4000;

const held = (fence: Fence) =>
  and(
    eq(jobs.id, fence.id),
    eq(jobs.lockedBy, fence.lockedBy),
    eq(jobs.attempts, fence.attempts),
    eq(jobs.status, "running"),
  );

const afterMs = (ms: number) =>
  sql`now() + ${Math.max(0, Math.round(ms))}::integer * interval '1 millisecond'`;

const claimedRows = z.array(
  z.object({
    id: z.string(),
    kind: z.string(),
    organizationId: z.string().nullable(),
    payload: z.record(z.string(), z.unknown()),
    attempts: z.number(),
    maxAttempts: z.number(),
    lockedBy: z.string(),
  }),
);

/**
 * Claim up to `limit` due jobs of the given kinds: queued ones whose time has
 * come, and running ones whose lease expired (their worker died). SKIP LOCKED
 * lets any number of instances claim at once without waiting on or sharing a
 * job; the CTE is MATERIALIZED so the locking select runs exactly once.
 * `running` are the jobs this worker is still running: their lease may have
 * lapsed (a heartbeat held up on a busy database), but their worker is alive,
 * so it must not start them a second time (another worker may: it cannot tell).
 */
export async function claimJobs(
  db: Executor,
  options: {
    instanceId: string;
    kinds: string[];
    limit: number;
    leaseMs: number;
    running?: readonly string[];
  },
): Promise<ClaimedJob[]> {
  if (options.limit <= 0 || options.kinds.length === 0) return [];
  const notMine = options.running?.length
    ? sql`and ${notInArray(jobs.id, [...options.running])}`
    : sql``;
  const result = await db.execute(sql`
    with due as materialized (
      select ${jobs.id} from ${jobs}
      where ${inArray(jobs.kind, options.kinds)}
        and ((${jobs.status} = 'queued' and ${jobs.runAt} <= now())
          or (${jobs.status} = 'running' and ${jobs.leaseUntil} < now()))
        ${notMine}
      order by ${jobs.runAt}
      limit ${options.limit}
      for update skip locked
    )
    update ${jobs} set
      status = 'running',
      attempts = ${jobs.attempts} + 1,
      lease_until = ${afterMs(options.leaseMs)},
      locked_by = ${options.instanceId},
      updated_at = now()
    from due where ${jobs.id} = due.id
    returning ${jobs.id} as "id", ${jobs.kind} as "kind",
      ${jobs.organizationId} as "organizationId", ${jobs.payload} as "payload",
      ${jobs.attempts} as "attempts", ${jobs.maxAttempts} as "maxAttempts",
      ${jobs.lockedBy} as "lockedBy"
  `);
  return claimedRows.parse(rowsOf(result));
}

/** Extend a running job's lease. False when this worker no longer holds it. */
export async function renewLease(db: Executor, fence: Fence, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ leaseUntil: afterMs(leaseMs), updatedAt: sql`now()` })
    .where(held(fence))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** The job succeeded. */
export async function completeJob(db: Executor, fence: Fence): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: "done", leaseUntil: null, lastError: null, updatedAt: sql`now()` })
    .where(held(fence))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** The attempt failed; run again after `delayMs`. */
export async function scheduleRetry(
  db: Executor,
  fence: Fence,
  options: { delayMs: number; error: string },
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: "queued",
      runAt: afterMs(options.delayMs),
      leaseUntil: null,
      lockedBy: null,
      lastError: options.error.slice(0, MAX_ERROR_LENGTH),
      updatedAt: sql`now()`,
    })
    .where(held(fence))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** The job failed for good. */
export async function failJob(db: Executor, fence: Fence, error: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: "failed",
      leaseUntil: null,
      lastError: error.slice(0, MAX_ERROR_LENGTH),
      updatedAt: sql`now()`,
    })
    .where(held(fence))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Hand a job back to the queue at once (this worker is stopping). The
 * interrupted run does not count as a failed attempt.
 */
export async function releaseJob(db: Executor, fence: Fence): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: "queued",
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      runAt: sql`now()`,
      leaseUntil: null,
      lockedBy: null,
      updatedAt: sql`now()`,
    })
    .where(held(fence))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Delete finished jobs: done ones after `doneMs`, failed ones (kept for diagnosis) after `failedMs`. */
export async function purgeFinishedJobs(
  db: Executor,
  options: { doneMs: number; failedMs: number },
): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(
      or(
        and(
          eq(jobs.status, "done"),
          lt(jobs.updatedAt, sql`now() - ${options.doneMs}::bigint * interval '1 millisecond'`),
        ),
        and(
          eq(jobs.status, "failed"),
          lt(jobs.updatedAt, sql`now() - ${options.failedMs}::bigint * interval '1 millisecond'`),
        ),
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}
