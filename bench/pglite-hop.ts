import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import type { Database } from "../src/server/db/database.ts";
import { openPglite, pgliteHopStats } from "../src/server/db/pglite.ts";
import { createPgliteDataDir } from "../src/server/db/pglite-initdb.ts";

/**
 * The cost of PGlite's worker thread (decision 032, "PGlite in a worker thread" and "The worker
 * hop"): the same statements through drizzle with PGlite on the main thread and in its worker,
 * variants alternating, in one process. Per statement: wall time, the whole process's CPU, and
 * the main thread's CPU (`process.threadCpuUsage()`: what the server's one JavaScript thread
 * still pays; the rest is the worker's).
 *
 *   node bench/pglite-hop.ts [--rounds 3] [--trivial 2000] [--large 40] [--concurrent 32]
 *     [--idle 300] [--work-us 50] [--variants main,worker,worker:spin=100]
 *     [--data-dir DIR]   reuse a PGlite data dir (created and migrated on first use)
 *
 * Variants: `main` (PGLITE_THREAD=main), `worker` (the default, its idle spin as shipped),
 * `worker:spin=N` (the worker waiting N µs for a next message before it goes idle).
 * Cases: `select 1` one at a time; after 2 ms idle (a chat's first statement: the worker's
 * thread asleep; wall is the statement's alone, CPU includes the timer); the same announced by
 * `expectStatement` 200 µs before (the request's own work in between, outside the wall time); a request's three
 * statements with --work-us of the main thread's own work between them (a chat turn's are
 * about 30 µs apart), 2 ms idle between requests
 * (the chat turn's shape); a 2,000-row result (4 columns: int, text, timestamptz, bool) in
 * object rows (db.execute) and array rows (drizzle's select path); `select 1` with --concurrent
 * statements in flight.
 */
const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    trivial: { type: "string", default: "2000" },
    large: { type: "string", default: "40" },
    concurrent: { type: "string", default: "32" },
    idle: { type: "string", default: "300" },
    "work-us": { type: "string", default: "50" },
    variants: { type: "string", default: "main,worker,worker:spin=100" },
    "data-dir": { type: "string" },
  },
});
const rounds = Number(values.rounds);
const trivialCount = Number(values.trivial);
const largeCount = Number(values.large);
const concurrency = Number(values.concurrent);
const idleCount = Number(values.idle);
const workUs = Number(values["work-us"]);
const variants = values.variants
  .split(",")
  .map((v) => v.trim())
  .filter(Boolean);
const dataDir = values["data-dir"] ?? path.join(os.tmpdir(), "atrium-bench-pglite-hop");
fs.mkdirSync(dataDir, { recursive: true });
await createPgliteDataDir(dataDir);

const LARGE = sql`select g as id, md5(g::text) as name, now() - g * interval '1 minute' as at, g % 3 = 0 as flag from generate_series(1, 2000) g`;

interface Figures {
  wallUs: number;
  processCpuUs: number;
  mainCpuUs: number;
  /** Of the worker's waits for a next message, the share a message ended (a wake-up saved). */
  waitHits?: number;
  /** The worker's waiting time per operation (CPU it spends on nothing). */
  waitUs?: number;
}

let current: Database | undefined;
/** The worker's wait counters around a measurement (undefined in-thread). */
function hopWindow() {
  const hop = current && pgliteHopStats(current);
  if (!hop) return () => ({});
  const before = { ...hop };
  return (count: number) => ({
    waitHits:
      hop.idleWaits > before.idleWaits
        ? (hop.idleWaitHits - before.idleWaitHits) / (hop.idleWaits - before.idleWaits)
        : 0,
    waitUs: (hop.idleWaitUs - before.idleWaitUs) / count,
  });
}

/**
 * Statements after the worker's thread went idle: `gapMs` of nothing between one `run` and the
 * next. Wall is the run's alone; CPU is everything's (the timer included, the same for all).
 */
async function measureAfterIdle(
  count: number,
  gapMs: number,
  run: () => Promise<unknown>,
  /** Before each run, outside its wall time (the request's own work before its statement). */
  before?: () => void,
): Promise<Figures> {
  for (let i = 0; i < Math.min(20, count); i++) await run();
  const hop = hopWindow();
  const cpu0 = process.cpuUsage();
  const thread0 = process.threadCpuUsage();
  let wall = 0;
  for (let i = 0; i < count; i++) {
    await new Promise((resolve) => setTimeout(resolve, gapMs));
    before?.();
    const t0 = performance.now();
    await run();
    wall += performance.now() - t0;
  }
  const cpu = process.cpuUsage(cpu0);
  const thread = process.threadCpuUsage(thread0);
  return {
    wallUs: (wall * 1000) / count,
    processCpuUs: (cpu.user + cpu.system) / count,
    mainCpuUs: (thread.user + thread.system) / count,
    ...hop(count),
  };
}

/** The main thread's own work between a request's statements (parsing, planning, drizzle). */
function busy(us: number) {
  const until = performance.now() + us / 1000;
  while (performance.now() < until);
}

async function measure(count: number, run: () => Promise<unknown>, inFlight = 1): Promise<Figures> {
  for (let i = 0; i < Math.min(50, count); i++) await run(); // warm-up (named statements, JIT)
  const hop = hopWindow();
  const cpu0 = process.cpuUsage();
  const thread0 = process.threadCpuUsage();
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next++ < count) await run();
    }),
  );
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const thread = process.threadCpuUsage(thread0);
  return {
    wallUs: (wall * 1000) / count,
    processCpuUs: (cpu.user + cpu.system) / count,
    mainCpuUs: (thread.user + thread.system) / count,
    ...hop(count),
  };
}

const results: Record<string, Record<string, Figures[]>> = {};
const record = (name: string, variant: string, figures: Figures) => {
  results[name] ??= Object.fromEntries(variants.map((v) => [v, []]));
  results[name][variant]!.push(figures);
};
const openVariant = (variant: string) => {
  const spin = /^worker:spin=(\d+)$/.exec(variant);
  if (variant === "main") return openPglite(dataDir, { thread: "main" });
  if (variant === "worker") return openPglite(dataDir, { thread: "worker" });
  if (spin) return openPglite(dataDir, { thread: "worker", idleSpinUs: Number(spin[1]) });
  throw new Error(`unknown variant ${variant} (main, worker, worker:spin=N)`);
};

for (let round = 0; round < rounds; round++) {
  // Alternating: each round in the other order.
  for (const thread of round % 2 === 0 ? variants : [...variants].reverse()) {
    const database: Database = await openVariant(thread);
    current = database;
    const { db } = database;
    try {
      record(
        "select 1",
        thread,
        await measure(trivialCount, () => db.execute(sql`select 1 as one`)),
      );
      record(
        "select 1 after 2 ms idle",
        thread,
        await measureAfterIdle(idleCount, 2, () => db.execute(sql`select 1 as one`)),
      );
      record(
        "select 1 after 2 ms idle, announced 200 µs before (expectStatement)",
        thread,
        await measureAfterIdle(
          idleCount,
          2,
          () => db.execute(sql`select 1 as one`),
          () => {
            database.expectStatement?.();
            busy(200);
          },
        ),
      );
      record(
        `a request: 3 statements, ${workUs} µs apart (per request)`,
        thread,
        await measureAfterIdle(idleCount, 2, async () => {
          await db.execute(sql`select 1 as one`);
          busy(workUs);
          await db.execute(sql`select 2 as two`);
          busy(workUs);
          await db.execute(sql`select 3 as three`);
        }),
      );
      record("2,000 rows, object rows", thread, await measure(largeCount, () => db.execute(LARGE)));
      record(
        "2,000 rows, array rows (drizzle select)",
        thread,
        await measure(largeCount, () =>
          (
            (db as unknown as { $client: unknown }).$client as {
              query: (t: string, p: unknown[], o: object) => Promise<unknown>;
            }
          ).query(
            "select g as id, md5(g::text) as name, now() - g * interval '1 minute' as at, g % 3 = 0 as flag from generate_series(1, 2000) g",
            [],
            { rowMode: "array" },
          ),
        ),
      );
      record(
        `select 1, ${concurrency} in flight`,
        thread,
        await measure(trivialCount, () => db.execute(sql`select 1 as one`), concurrency),
      );
    } finally {
      await database.close();
    }
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (us: number) => (us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(0)} µs`);
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}; medians of ${rounds} rounds`,
);
console.log(
  "| case | variant | wall / statement | process CPU | main thread CPU | worker's waits ended by a message | waiting / statement |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const [name, byThread] of Object.entries(results)) {
  for (const thread of variants) {
    const runs = byThread[thread]!;
    console.log(
      `| ${name} | ${thread} | ${fmt(median(runs.map((r) => r.wallUs)))} | ${fmt(median(runs.map((r) => r.processCpuUs)))} | ${fmt(median(runs.map((r) => r.mainCpuUs)))} | ${runs[0]!.waitHits === undefined ? "–" : `${(100 * median(runs.map((r) => r.waitHits ?? 0))).toFixed(0)} %`} | ${runs[0]!.waitUs === undefined ? "–" : fmt(median(runs.map((r) => r.waitUs ?? 0)))} |`,
    );
  }
}
