import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Executor } from "../../src/server/db/database.ts";
import { jobs } from "../../src/server/db/schema.ts";
import { claimJobs, purgeFinishedJobs } from "../../src/server/jobs/job-store.ts";
import { enqueueJob } from "../../src/server/jobs/queue.ts";
import type { JobHandler, JobRunContext } from "../../src/server/jobs/types.ts";
import { JobWorker, type WorkerTimings } from "../../src/server/jobs/worker.ts";
import { DB_KINDS, startTestServer, type TestServer, unique } from "../support/server.ts";

/**
 * The durable job queue: claim, complete, retry with backoff, give up after
 * max attempts, leases that bring back the jobs of dead workers, graceful
 * stop, and no job ever run by two workers at once.
 */

/** Test timings: leases of about a second instead of 30 s. */
const FAST: Partial<WorkerTimings> = {
  leaseMs: 1_000,
  heartbeatMs: 250,
  pollMs: 200,
  retryBaseMs: 150,
  retryMaxMs: 5_000,
  jobTimeoutMs: 20_000,
  stopGraceMs: 2_000,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function jobRow(db: Executor, id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`job ${id} is gone`);
  return row;
}

const finished = (db: Executor, id: string) =>
  waitFor(`job ${id} to finish`, async () => {
    const row = await jobRow(db, id);
    return row.status === "done" || row.status === "failed" ? row : undefined;
  });

describe.each(DB_KINDS)("job queue on %s", (kind) => {
  let server: TestServer;
  let db: Executor;
  const workers: JobWorker[] = [];

  /** A started worker on the test server's database. */
  const startWorker = async (
    handlers: JobHandler[],
    options: { concurrency?: number; timings?: Partial<WorkerTimings>; on?: TestServer } = {},
  ) => {
    const worker = new JobWorker({
      services: (options.on ?? server).running.services,
      handlers,
      concurrency: options.concurrency ?? 2,
      timings: { ...FAST, ...options.timings },
    });
    workers.push(worker);
    await worker.start();
    return worker;
  };

  beforeAll(async () => {
    server = await startTestServer(kind, { RUN_WORKER: "false" });
    db = server.running.services.database.db;
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  });
  afterAll(async () => {
    await server.close();
  });

  it("runs a queued job once with its payload and marks it done", async () => {
    const kind = unique("job");
    const runs: JobRunContext["job"][] = [];
    const worker = await startWorker([{ kind, run: async ({ job }) => void runs.push(job) }]);
    const id = await enqueueJob(db, { kind, organizationId: null, payload: { n: 42 } });
    const row = await finished(db, id);
    expect(row).toMatchObject({ status: "done", attempts: 1, lockedBy: worker.instanceId });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ id, kind, payload: { n: 42 }, attempts: 1, maxAttempts: 3 });
  });

  it("wakes on the notification of a new job, without waiting for the next poll", async () => {
    const kind = unique("job");
    await startWorker([{ kind, run: async () => {} }], { timings: { pollMs: 120_000 } });
    await sleep(300); // the first look at start-up is over
    const id = await enqueueJob(db, { kind, organizationId: null, payload: {} });
    expect((await finished(db, id)).status).toBe("done");
  });

  it("leaves a job queued for later until its time comes", async () => {
    const kind = unique("job");
    let ranAt = 0;
    await startWorker([
      {
        kind,
        run: async () => {
          ranAt = Date.now();
        },
      },
    ]);
    const runAt = new Date(Date.now() + 1_500);
    const id = await enqueueJob(db, { kind, organizationId: null, payload: {}, runAt });
    await sleep(600);
    expect((await jobRow(db, id)).status).toBe("queued");
    expect((await finished(db, id)).status).toBe("done");
    expect(ranAt).toBeGreaterThanOrEqual(runAt.getTime() - 50);
  });

  it("retries a failing job with growing delays, then fails it for good with the last error", async () => {
    const kind = unique("job");
    const attemptsAt: number[] = [];
    const gaveUp: string[] = [];
    await startWorker([
      {
        kind,
        run: async ({ job }) => {
          attemptsAt.push(Date.now());
          throw new Error(`storage unreachable (attempt ${job.attempts})`);
        },
        onGiveUp: async ({ error }) => void gaveUp.push(error),
      },
    ]);
    const id = await enqueueJob(db, { kind, organizationId: null, payload: {}, maxAttempts: 3 });

    const afterFirst = await waitFor("the first retry to be scheduled", async () => {
      const row = await jobRow(db, id);
      return row.status === "queued" && row.attempts === 1 ? row : undefined;
    });
    expect(afterFirst.lastError).toBe("Error: storage unreachable (attempt 1)");
    expect(afterFirst.lockedBy).toBeNull();

    const row = await finished(db, id);
    expect(row).toMatchObject({
      status: "failed",
      attempts: 3,
      lastError: "Error: storage unreachable (attempt 3)",
    });
    expect(attemptsAt).toHaveLength(3);
    const [first, second, third] = attemptsAt as [number, number, number];
    // Backoff 150 ms then 300 ms (+-20%). The first delay is read exactly from the row (run_at
    // and updated_at come from the same now()); the attempts' own times only give lower bounds,
    // since a loaded machine can start a retry late but never early.
    const firstDelay = afterFirst.runAt.getTime() - afterFirst.updatedAt.getTime();
    expect(firstDelay).toBeGreaterThanOrEqual(120);
    expect(firstDelay).toBeLessThanOrEqual(180);
    expect(second - first).toBeGreaterThanOrEqual(110);
    expect(third - second).toBeGreaterThanOrEqual(235);
    expect(gaveUp).toEqual(["Error: storage unreachable (attempt 3)"]);
  });

  it("finishes a job that succeeds on a later attempt", async () => {
    const kind = unique("job");
    const gaveUp: string[] = [];
    await startWorker([
      {
        kind,
        run: async ({ job }) => {
          if (job.attempts < 2) throw new Error("flaky");
        },
        onGiveUp: async ({ error }) => void gaveUp.push(error),
      },
    ]);
    const id = await enqueueJob(db, { kind, organizationId: null, payload: {} });
    expect(await finished(db, id)).toMatchObject({ status: "done", attempts: 2, lastError: null });
    expect(gaveUp).toEqual([]);
  });

  it("takes over the job of a worker that died once its lease expires", async () => {
    const kind = unique("job");
    const id = await enqueueJob(db, { kind, organizationId: null, payload: {} });
    // A worker claims it and dies: no heartbeat, no outcome.
    const [claimed] = await claimJobs(db, {
      instanceId: "dead",
      kinds: [kind],
      limit: 1,
      leaseMs: 800,
    });
    expect(claimed?.id).toBe(id);

    let ranAt = 0;
    const worker = await startWorker([
      {
        kind,
        run: async () => {
          ranAt = Date.now();
        },
      },
    ]);
    await sleep(300);
    expect(ranAt).toBe(0); // still leased to the dead worker
    const row = await finished(db, id);
    expect(row).toMatchObject({ status: "done", attempts: 2, lockedBy: worker.instanceId });
  });

  it("does not run again a job whose worker died during its last attempt, and says why", async () => {
    const kind = unique("job");
    const id = await enqueueJob(db, { kind, organizationId: null, payload: {}, maxAttempts: 1 });
    // A worker claims its one attempt and dies.
    const [claimed] = await claimJobs(db, {
      instanceId: "dead",
      kinds: [kind],
      limit: 1,
      leaseMs: 300,
    });
    expect(claimed).toMatchObject({ id, attempts: 1, maxAttempts: 1 });
    let runs = 0;
    const gaveUp: string[] = [];
    await startWorker([
      {
        kind,
        run: async () => void runs++,
        onGiveUp: async ({ error }) => void gaveUp.push(error),
      },
    ]);
    const row = await finished(db, id);
    expect(row.status).toBe("failed");
    expect(row.lastError).toMatch(/stopped unexpectedly/);
    expect(gaveUp).toHaveLength(1);
    expect(runs).toBe(0);
  });

  it("renews the lease of a long job so no other worker takes it", async () => {
    const kind = unique("job");
    const runs: string[] = [];
    const handler: JobHandler = {
      kind,
      run: async () => {
        runs.push("start");
        await sleep(2_500); // more than twice the 1 s lease
      },
    };
    const first = await startWorker([handler], { timings: { leaseMs: 800, heartbeatMs: 200 } });
    const id = await enqueueJob(db, { kind, organizationId: null, payload: {} });
    await waitFor("the job to start", async () => runs.length === 1);
    await startWorker([handler], { timings: { leaseMs: 800, heartbeatMs: 200 } });
    const row = await finished(db, id);
    expect(row).toMatchObject({ status: "done", attempts: 1, lockedBy: first.instanceId });
    expect(runs).toHaveLength(1);
  });

  it("does not start again a job it is still running when its lease lapses (a late heartbeat)", async () => {
    // The soak (bench/soak.ts) found this: on a saturated database the heartbeat's update waits
    // past the lease, the same worker claimed its own running job again, and each new attempt
    // abandoned the previous one, so uploads never finished processing.
    const kind = unique("job");
    let runs = 0;
    const handler: JobHandler = {
      kind,
      run: async () => {
        runs++;
        await sleep(1_500);
      },
    };
    await startWorker([handler], {
      timings: { leaseMs: 300, heartbeatMs: 60_000, pollMs: 100 },
    });
    const id = await enqueueJob(db, { kind, organizationId: null, payload: {} });
    const row = await finished(db, id);
    expect(row).toMatchObject({ status: "done", attempts: 1 });
    expect(runs).toBe(1);
  });

  it("never runs one job on two workers, and every job runs", async () => {
    const kind = unique("job");
    const ranBy = new Map<string, string[]>();
    const handlerFor = (name: string): JobHandler => ({
      kind,
      run: async ({ job }) => {
        ranBy.set(job.id, [...(ranBy.get(job.id) ?? []), name]);
        await sleep(Math.random() * 30);
      },
    });
    await startWorker([handlerFor("a")], { concurrency: 4 });
    await startWorker([handlerFor("b")], { concurrency: 4 });
    const ids = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        enqueueJob(db, { kind, organizationId: null, payload: { n } }),
      ),
    );
    for (const id of ids) expect((await finished(db, id)).status).toBe("done");
    expect([...ranBy.keys()].sort()).toEqual([...ids].sort());
    for (const names of ranBy.values()) expect(names).toHaveLength(1);
  });

  it("on stop, lets a short job finish", async () => {
    const kind = unique("job");
    let started = false;
    const worker = await startWorker([
      {
        kind,
        run: async () => {
          started = true;
          await sleep(300);
        },
      },
    ]);
    const id = await enqueueJob(db, { kind, organizationId: null, payload: {} });
    await waitFor("the job to start", async () => started);
    await worker.stop();
    expect((await jobRow(db, id)).status).toBe("done");
  });

  it("on stop, hands a job that runs past the grace period back to the queue for another worker", async () => {
    const kind = unique("job");
    const signals: AbortSignal[] = [];
    const worker = await startWorker(
      [
        {
          kind,
          run: async ({ signal }) => {
            signals.push(signal);
            await new Promise(() => {}); // never ends on its own
          },
        },
      ],
      { timings: { stopGraceMs: 200 } },
    );
    const id = await enqueueJob(db, { kind, organizationId: null, payload: {} });
    await waitFor("the job to start", async () => signals.length === 1);
    await worker.stop();
    expect(signals[0]?.aborted).toBe(true);
    expect(await jobRow(db, id)).toMatchObject({ status: "queued", attempts: 0, lockedBy: null });

    const next = await startWorker([{ kind, run: async () => {} }]);
    expect(await finished(db, id)).toMatchObject({
      status: "done",
      attempts: 1,
      lockedBy: next.instanceId,
    });
  });

  it("counts a run past its time bound as a failed attempt", async () => {
    const kind = unique("job");
    let aborted: unknown;
    await startWorker(
      [
        {
          kind,
          run: ({ signal }) =>
            new Promise((_, reject) =>
              signal.addEventListener("abort", () => {
                aborted = signal.reason;
                reject(signal.reason);
              }),
            ),
        },
      ],
      { timings: { jobTimeoutMs: 300 } },
    );
    const id = await enqueueJob(db, { kind, organizationId: null, payload: {}, maxAttempts: 1 });
    const row = await finished(db, id);
    expect(row.status).toBe("failed");
    expect(row.lastError).toMatch(/^JobTimeoutError: The job did not finish within/);
    expect(aborted).toBeInstanceOf(Error);
  });

  it("stops a run whose lease another worker took, and rolls back what it would have committed", async () => {
    const kind = unique("job");
    const followUpKind = unique("follow-up");
    let reason: unknown;
    let commitError: unknown;
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await startWorker([
      {
        kind,
        run: async (ctx) => {
          ctx.signal.addEventListener("abort", () => {
            reason = ctx.signal.reason;
          });
          await released;
          try {
            await ctx.services.database.db.transaction(async (tx) => {
              await enqueueJob(tx, { kind: followUpKind, organizationId: null, payload: {} });
              await ctx.complete(tx);
            });
          } catch (error) {
            commitError = error;
          }
        },
      },
    ]);
    const id = await enqueueJob(db, { kind, organizationId: null, payload: {} });
    await waitFor("the job to start", async () => (await jobRow(db, id)).status === "running");
    // Another worker takes it over (as if our lease had expired).
    await db.update(jobs).set({ lockedBy: "thief", attempts: 5 }).where(eq(jobs.id, id));
    await waitFor("the heartbeat to notice", async () => reason !== undefined);
    expect((reason as Error).name).toBe("LeaseLostError");
    release();
    await waitFor("the late commit attempt", async () => commitError !== undefined);
    expect((commitError as Error).name).toBe("LeaseLostError");
    expect(await jobRow(db, id)).toMatchObject({ status: "running", lockedBy: "thief" });
    const followUps = await db.select().from(jobs).where(eq(jobs.kind, followUpKind));
    expect(followUps).toEqual([]);
  });

  it("purges done jobs after a day and failed ones after a month, never unfinished ones", async () => {
    const kind = unique("old");
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600_000);
    const insert = async (status: "queued" | "running" | "done" | "failed", updatedAt: Date) => {
      const id = await enqueueJob(db, { kind, organizationId: null, payload: {} });
      await db.update(jobs).set({ status, updatedAt }).where(eq(jobs.id, id));
      return { id, status, updatedAt };
    };
    const rows = [
      await insert("done", daysAgo(2)),
      await insert("done", daysAgo(0.5)),
      await insert("failed", daysAgo(10)),
      await insert("failed", daysAgo(40)),
      await insert("queued", daysAgo(90)),
      await insert("running", daysAgo(90)),
    ];
    await purgeFinishedJobs(db, { doneMs: 24 * 3600_000, failedMs: 30 * 24 * 3600_000 });
    const left = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, kind));
    expect(left.map((row) => row.id).sort()).toEqual(
      [rows[1]!.id, rows[2]!.id, rows[4]!.id, rows[5]!.id].sort(),
    );
  });

  it("starts a worker with the server unless RUN_WORKER=false", async () => {
    expect(server.running.worker).toBeUndefined();
    const other = await startTestServer(kind);
    try {
      expect(other.running.worker?.instanceId).toEqual(expect.any(String));
    } finally {
      await other.close();
    }
  });
});

describe("two instances on one PostgreSQL database", () => {
  let a: TestServer;
  let b: TestServer;
  const workers: JobWorker[] = [];

  beforeAll(async () => {
    a = await startTestServer("postgres", { RUN_WORKER: "false" });
    b = await startTestServer("postgres", { RUN_WORKER: "false" }, { databaseUrl: a.databaseUrl });
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await Promise.all([a.close(), b.close()]);
  });

  it("share the queue: each job runs exactly once, on either instance, woken across instances", async () => {
    const kind = unique("job");
    const ranOn = new Map<string, string[]>();
    for (const [name, server] of [
      ["a", a],
      ["b", b],
    ] as const) {
      const worker = new JobWorker({
        services: server.running.services,
        concurrency: 3,
        // Only notifications (from the other instance's inserts) wake it quickly.
        timings: { ...FAST, pollMs: 120_000 },
        handlers: [
          {
            kind,
            run: async ({ job }) => {
              ranOn.set(job.id, [...(ranOn.get(job.id) ?? []), name]);
              await sleep(20 + Math.random() * 30);
            },
          },
        ],
      });
      workers.push(worker);
      await worker.start();
    }
    await sleep(300);
    const db = a.running.services.database.db;
    const ids: string[] = [];
    for (let n = 0; n < 30; n++) {
      ids.push(await enqueueJob(db, { kind, organizationId: null, payload: { n } }));
    }
    for (const id of ids) expect((await finished(db, id)).status).toBe("done");
    expect([...ranOn.keys()].sort()).toEqual([...ids].sort());
    const names = [...ranOn.values()];
    for (const ran of names) expect(ran).toHaveLength(1);
    expect(new Set(names.flat())).toEqual(new Set(["a", "b"]));
  });
});
