import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import type { Database } from "../src/server/db/database.ts";
import { openPglite, type PgliteThread } from "../src/server/db/pglite.ts";
import { createPgliteDataDir } from "../src/server/db/pglite-initdb.ts";

/**
 * The cost of PGlite's worker thread (decision 032, "PGlite in a worker thread"): the same
 * statements through drizzle with PGlite on the main thread and in its worker, alternating,
 * in one process. Per statement: wall time (sequential), the whole process's CPU, and the main
 * thread's CPU (`process.threadCpuUsage()`: what the server's one JavaScript thread still pays).
 *
 *   node bench/pglite-hop.ts [--rounds 3] [--trivial 2000] [--large 40] [--concurrent 32]
 *     [--data-dir DIR]   reuse a PGlite data dir (created and migrated on first use)
 *
 * Cases: `select 1` one at a time; a 2,000-row result (4 columns: int, text, timestamptz, bool)
 * in object rows (db.execute) and array rows (drizzle's select path); `select 1` with
 * --concurrent statements in flight (the main thread's CPU per statement while the worker
 * runs them).
 */
const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    trivial: { type: "string", default: "2000" },
    large: { type: "string", default: "40" },
    concurrent: { type: "string", default: "32" },
    "data-dir": { type: "string" },
  },
});
const rounds = Number(values.rounds);
const trivialCount = Number(values.trivial);
const largeCount = Number(values.large);
const concurrency = Number(values.concurrent);
const dataDir = values["data-dir"] ?? path.join(os.tmpdir(), "atrium-bench-pglite-hop");
fs.mkdirSync(dataDir, { recursive: true });
await createPgliteDataDir(dataDir);

const LARGE = sql`select g as id, md5(g::text) as name, now() - g * interval '1 minute' as at, g % 3 = 0 as flag from generate_series(1, 2000) g`;

interface Figures {
  wallUs: number;
  processCpuUs: number;
  mainCpuUs: number;
}

async function measure(count: number, run: () => Promise<unknown>, inFlight = 1): Promise<Figures> {
  for (let i = 0; i < Math.min(50, count); i++) await run(); // warm-up (named statements, JIT)
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
  };
}

const results: Record<string, Record<PgliteThread, Figures[]>> = {};
const record = (name: string, thread: PgliteThread, figures: Figures) => {
  results[name] ??= { main: [], worker: [] };
  results[name][thread].push(figures);
};

for (let round = 0; round < rounds; round++) {
  for (const thread of (round % 2 === 0
    ? ["main", "worker"]
    : ["worker", "main"]) as PgliteThread[]) {
    const database: Database = await openPglite(dataDir, { thread });
    const { db } = database;
    try {
      record(
        "select 1",
        thread,
        await measure(trivialCount, () => db.execute(sql`select 1 as one`)),
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
console.log("| case | thread | wall / statement | process CPU | main thread CPU |");
console.log("| --- | --- | --- | --- | --- |");
for (const [name, byThread] of Object.entries(results)) {
  for (const thread of ["main", "worker"] as const) {
    const runs = byThread[thread];
    console.log(
      `| ${name} | ${thread} | ${fmt(median(runs.map((r) => r.wallUs)))} | ${fmt(median(runs.map((r) => r.processCpuUs)))} | ${fmt(median(runs.map((r) => r.mainCpuUs)))} |`,
    );
  }
}
