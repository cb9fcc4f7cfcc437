import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { jobs } from "../src/server/db/schema.ts";
import { createTableForRun } from "../src/server/tables/table-seam.ts";
import { api } from "../src/shared/api/index.ts";
import { callerAt, callFn } from "../tests/support/call-fn.ts";
import { startFakeOpenAI } from "../tests/support/fake-openai.ts";
import { installTableModel } from "../tests/support/table-model.ts";
import { insertBenchContracts } from "./support/contracts.ts";
import { machineInfo, startCpuSpan } from "./support/machine.ts";
import { readDbCounters } from "./support/pg-stats.ts";
import { type DbKind, prepareServer, RESULTS_DIR } from "./support/prepare.ts";
import { latestProfile, monotonicUs, summarizeProfile } from "./support/profile.ts";
import { ms, rounded, summarize } from "./support/stats.ts";

/**
 * Filling a review table (decision 027): D documents x Q questions through a
 * loopback model that takes L ms per answer, with TABLE_FILL_CONCURRENCY = C.
 * Measures cells per second against the ideal C / L, and the latency of other
 * members' ordinary requests (users.getMe, documents.list) before and during
 * the fill. Usage:
 *   node bench/review-tables.ts [--database pglite|postgres] [--docs 1000]
 *     [--questions 5] [--latency 200] [--concurrency 8] [--clients 4] [--profile]
 * Besides wall-clock figures it records what does not depend on the machine's load: the server
 * child's CPU time per cell (/proc), PostgreSQL transactions per cell (each statement outside
 * a transaction is one), and with --profile where the server's CPU went during the fill
 * (`--cpu-prof` on the server child).
 */

const { values } = parseArgs({
  options: {
    database: { type: "string", default: "pglite" },
    docs: { type: "string", default: "1000" },
    questions: { type: "string", default: "5" },
    latency: { type: "string", default: "200" },
    concurrency: { type: "string", default: "8" },
    clients: { type: "string", default: "4" },
    profile: { type: "boolean", default: false },
    out: { type: "string" },
  },
});
const database = values.database as DbKind;
if (database !== "pglite" && database !== "postgres")
  throw new Error("--database: pglite|postgres");
const DOCS = Math.max(1, Number(values.docs));
const QUESTIONS = Math.min(50, Math.max(1, Number(values.questions)));
const LATENCY_MS = Math.max(0, Number(values.latency));
const CONCURRENCY = Math.max(1, Number(values.concurrency));
const CLIENTS = Math.max(1, Number(values.clients));
const CELLS = DOCS * QUESTIONS;
const log = (line: string) => process.stderr.write(`[review-tables ${database}] ${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const machine = machineInfo();

const fake = await startFakeOpenAI();
const model = installTableModel(fake, { delayMs: LATENCY_MS });
// The server child inherits this environment.
process.env.OPENAI_COMPATIBLE_BASE_URL = fake.baseUrl;
process.env.OPENAI_COMPATIBLE_MODELS = "bench-model";
process.env.TABLE_FILL_CONCURRENCY = String(CONCURRENCY);

const TYPES = ["text", "yesNo", "date", "number", "currency"] as const;
let tableId = "";
const profileDir = values.profile ? mkdtempSync(path.join(tmpdir(), "atrium-bench-prof-")) : "";
const server = await prepareServer({
  database,
  nodeArgs: values.profile ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
  users: 1 + CLIENTS,
  extraSessions: 0,
  log,
  seedMore: async ({ db, organizationId, users }) => {
    const owner = users[0]!.id;
    const ids = await insertBenchContracts(db, {
      organizationId,
      ownerId: owner,
      count: DOCS,
      batch: 500,
      passages: true,
    });
    const created = await db.transaction((tx) =>
      createTableForRun(tx, {
        organizationId,
        userId: owner,
        name: "Bench review",
        documentIds: ids,
        columns: Array.from({ length: QUESTIONS }, (_, q) => ({
          question: `Question ${q + 1}: what does clause ${q + 1} say about the fee or the law?`,
          answerType: TYPES[q % TYPES.length]!,
        })),
      }),
    );
    tableId = created.tableId;
    // Start from empty: the fill is started (and timed) by tables.fill below.
    await db.execute(
      sql`update review_table_cells set status = 'empty' where table_id = ${tableId}`,
    );
    await db.delete(jobs).where(sql`${jobs.kind} = 'review-table-fill'`);
  },
});

const caller = callerAt(server.url);
const owner = server.users[0]!;
const others = server.users.slice(1);

/** Other members' ordinary requests, in a loop, until stopped; their latencies. */
function ordinaryLoad() {
  const latencies: number[] = [];
  let errors = 0;
  let running = true;
  const loops = others.map(async (user, i) => {
    while (running) {
      const started = performance.now();
      try {
        if (i % 2 === 0) await callFn(caller, api.users.getMe, {}, user.token);
        else
          await callFn(
            caller,
            api.documents.list,
            { paginationOpts: { numItems: 50, cursor: null }, filter: { folderId: null } },
            user.token,
          );
        latencies.push(performance.now() - started);
      } catch {
        errors++;
      }
      await sleep(50);
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return { latencies, errors };
    },
  };
}

try {
  log("baseline: ordinary requests with nothing filling (10 s)");
  const idle = ordinaryLoad();
  await sleep(10_000);
  const baseline = await idle.stop();

  const load = ordinaryLoad();
  const dbBefore = server.databaseUrl ? await readDbCounters(server.databaseUrl) : null;
  const endCpu = startCpuSpan(server.pid);
  const fromUs = monotonicUs();
  const startedAt = performance.now();
  const { queued } = await callFn(caller, api.tables.fill, { tableId }, owner.token);
  log(`queued ${queued} cells`);
  let progressSamples = 0;
  let estimateAtHalf: number | null = null;
  let halfAt = 0;
  const deadline = Date.now() + 30 * 60_000;
  for (;;) {
    const list = await callFn(caller, api.tables.list, {}, owner.token);
    const progress = list.find((t) => t._id === tableId)!.progress;
    progressSamples++;
    if (estimateAtHalf === null && progress.done >= CELLS / 2) {
      estimateAtHalf = progress.estimateSeconds;
      halfAt = performance.now();
    }
    if (progress.pending === 0 && progress.done + progress.failed >= CELLS) break;
    if (Date.now() > deadline) throw new Error(`not filled: ${JSON.stringify(progress)}`);
    await sleep(500);
  }
  const elapsedMs = performance.now() - startedAt;
  const cpu = endCpu();
  const toUs = monotonicUs();
  const during = await load.stop();
  // PostgreSQL publishes a backend's counters when it is idle (at most every 10 s).
  const dbAfter = server.databaseUrl
    ? await sleep(11_000).then(() => readDbCounters(server.databaseUrl!))
    : null;
  const cellsPerSecond = CELLS / (elapsedMs / 1000);
  const ideal = LATENCY_MS > 0 ? CONCURRENCY / (LATENCY_MS / 1000) : Number.NaN;
  const secondHalfSeconds = (performance.now() - halfAt) / 1000;
  const before = summarize(baseline.latencies);
  const fill = summarize(during.latencies);
  const result = {
    cells: CELLS,
    documents: DOCS,
    questions: QUESTIONS,
    latencyMs: LATENCY_MS,
    concurrency: CONCURRENCY,
    modelCalls: model.total,
    elapsedMs,
    cellsPerSecond,
    idealCellsPerSecond: ideal,
    ofIdeal: cellsPerSecond / ideal,
    estimateAtHalfSeconds: estimateAtHalf,
    actualSecondHalfSeconds: secondHalfSeconds,
    progressSamples,
    serverCpuMsPerCell: cpu.serverMs / CELLS,
    machineBusy: cpu.machineBusy,
    loadAverage: os.loadavg(),
    transactionsPerCell:
      dbBefore && dbAfter ? (dbAfter.transactions - dbBefore.transactions) / CELLS : null,
    ordinaryBefore: { ...before, errors: baseline.errors },
    ordinaryDuring: { ...fill, errors: during.errors },
  };
  process.stdout.write(
    [
      "",
      `Review table fill, ${database}: ${DOCS} documents x ${QUESTIONS} questions, model ${LATENCY_MS} ms, concurrency ${CONCURRENCY}`,
      `  ${CELLS} cells in ${(elapsedMs / 1000).toFixed(1)} s: ${cellsPerSecond.toFixed(1)} cells/s, ideal ${ideal.toFixed(1)} (${(100 * result.ofIdeal).toFixed(1)}%); model calls ${model.total}`,
      `  server CPU ${cpu.serverMs.toFixed(0)} ms: ${result.serverCpuMsPerCell.toFixed(2)} ms/cell; machine busy ${(100 * cpu.machineBusy).toFixed(0)}%; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}` +
        (result.transactionsPerCell === null
          ? ""
          : `; PostgreSQL transactions ${result.transactionsPerCell.toFixed(2)}/cell (others' requests included)`),
      `  estimate at half way ${estimateAtHalf ?? "-"} s, actual ${secondHalfSeconds.toFixed(1)} s`,
      `  other members' requests before (ms): p50 ${ms(before.p50)}  p99 ${ms(before.p99)}  (${before.count})`,
      `  other members' requests during (ms): p50 ${ms(fill.p50)}  p99 ${ms(fill.p99)}  max ${ms(fill.max)}  (${fill.count}, errors ${during.errors})`,
      "",
    ].join("\n"),
  );
  mkdirSync(RESULTS_DIR, { recursive: true });
  const out = values.out ?? path.join(RESULTS_DIR, `review-tables-${database}.json`);
  writeFileSync(
    out,
    `${JSON.stringify(rounded({ command: `node bench/review-tables.ts ${process.argv.slice(2).join(" ")}`.trim(), database, machine, ...result }), null, 2)}\n`,
  );
  if (model.total !== CELLS) process.exitCode = 1;
  (globalThis as { profileWindow?: unknown }).profileWindow = { fromUs, toUs };
} finally {
  await server.close();
  await fake.close();
}
const window = (globalThis as { profileWindow?: { fromUs: number; toUs: number } }).profileWindow;
if (values.profile && window) {
  const file = latestProfile(profileDir);
  if (file) {
    const summary = summarizeProfile(file, window, 25);
    const line = (r: { frame: string; ms: number; share: number }) =>
      `  ${(r.ms / CELLS).toFixed(3).padStart(8)} ms/cell ${(100 * r.share).toFixed(1).padStart(5)}%  ${r.frame}`;
    process.stdout.write(
      [
        `Server profile during the fill (${file}): busy ${(summary.sampledMs - summary.idleMs).toFixed(0)} ms of ${summary.windowMs.toFixed(0)} ms`,
        "By category:",
        ...summary.byCategory.map(line),
        "Own code, inclusive:",
        ...summary.topInclusiveOwn.map(line),
        "Self time:",
        ...summary.topSelf.map(line),
        "",
      ].join("\n"),
    );
  }
}
