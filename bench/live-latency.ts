import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  dbStatsTable,
  latencyTable,
  passes,
  profileReport,
  TARGET_P99_MS,
} from "./support/live-report.ts";
import { type CaseResult, runCase, SCENARIOS, type Scenario } from "./support/live-scenario.ts";
import { machineInfo } from "./support/machine.ts";
import { type DbKind, prepareServer, RESULTS_DIR } from "./support/prepare.ts";
import { latestProfile, type ProfileSummary, summarizeProfile } from "./support/profile.ts";
import { ms, rounded } from "./support/stats.ts";

/**
 * Live-update latency: mutation sent -> `query_result` pushed, with 1, 100 and 1,000 subscribed
 * sockets on one server instance. Usage:
 *   node bench/live-latency.ts [--database pglite|postgres] [--sizes 1,100,1000]
 *     [--scenarios fanout,sessions,users] [--iterations 50] [--warmup 5] [--profile]
 */

const { values } = parseArgs({
  options: {
    database: { type: "string", default: "pglite" },
    sizes: { type: "string", default: "1,100,1000" },
    scenarios: { type: "string", default: Object.keys(SCENARIOS).join(",") },
    iterations: { type: "string", default: "50" },
    warmup: { type: "string", default: "5" },
    "server-warmup": { type: "string", default: "200" },
    batch: { type: "string", default: "100" },
    "pause-ms": { type: "string", default: "20" },
    profile: { type: "boolean", default: false },
    "db-stats": { type: "boolean", default: false },
    "server-entry": { type: "string", default: "src/server/main.ts" },
    out: { type: "string" },
  },
});

const database = values.database as DbKind;
if (database !== "pglite" && database !== "postgres")
  throw new Error("--database: pglite|postgres");
const sizes = values.sizes.split(",").map(Number);
if (sizes.some((n) => !Number.isInteger(n) || n < 1 || n > 5000)) {
  throw new Error("--sizes: whole numbers from 1 to 5000");
}
const scenarios = values.scenarios.split(",") as Scenario[];
for (const s of scenarios) if (!(s in SCENARIOS)) throw new Error(`unknown scenario ${s}`);
const options = {
  iterations: Math.min(1000, Math.max(1, Number(values.iterations))),
  warmup: Math.min(100, Math.max(0, Number(values.warmup))),
  batch: Math.min(500, Math.max(1, Number(values.batch))),
  pauseMs: Math.min(1000, Math.max(0, Number(values["pause-ms"]))),
  iterationTimeoutMs: 30_000,
  dbStats: values["db-stats"] && database === "postgres",
};
const log = (line: string) => process.stderr.write(`[live-latency ${database}] ${line}\n`);

// Taken before the run: the commit measured (src/ may change while it runs).
const machine = machineInfo();
const maxSockets = Math.max(...sizes);
const profileDir = values.profile ? mkdtempSync(path.join(tmpdir(), "atrium-bench-prof-")) : "";
const server = await prepareServer({
  database,
  users: maxSockets,
  extraSessions: maxSockets,
  nodeArgs: values.profile ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
  entry: values["server-entry"],
  log,
});
let interrupted = false;
process.once("SIGINT", () => {
  interrupted = true;
  log("interrupted: stopping the server");
  void server.close().then(() => process.exit(130));
});

const results: CaseResult[] = [];
try {
  // PGlite's WebAssembly and V8 tier up over the first few hundred calls: run them unrecorded.
  const serverWarmup = Math.min(2000, Math.max(0, Number(values["server-warmup"])));
  if (serverWarmup > 0) {
    const started = performance.now();
    await runCase(server, "fanout", 1, {
      ...options,
      warmup: serverWarmup,
      iterations: 1,
      dbStats: false,
    });
    log(`server warm-up: ${serverWarmup} mutations in ${ms(performance.now() - started)} ms`);
  }
  for (const scenario of scenarios) {
    for (const n of sizes) {
      if (interrupted) break;
      log(`${scenario}: ${n} socket(s), ${options.warmup}+${options.iterations} iterations`);
      const result = await runCase(server, scenario, n, options);
      results.push(result);
      log(
        `  p50 ${ms(result.perSocket.p50)} ms, p99 ${ms(result.perSocket.p99)} ms, ` +
          `last-socket p99 ${ms(result.lastSocket.p99)} ms, server CPU ` +
          `${ms(result.cpuPerIteration.serverMs)} ms/iteration`,
      );
    }
  }
} finally {
  await server.close();
}

let profiles: Array<{ scenario: string; sockets: number; summary: ProfileSummary }> = [];
if (values.profile) {
  const file = latestProfile(profileDir);
  if (file) {
    profiles = results.map((r) => ({
      scenario: r.scenario,
      sockets: r.sockets,
      summary: summarizeProfile(file, r.windowUs),
    }));
    log(`server CPU profile: ${file}`);
  } else {
    log("no CPU profile was written by the server child");
  }
}

process.stdout.write(`\nLive-update latency, ${database} (ms)\n${latencyTable(results)}\n`);
const dbTable = dbStatsTable(results);
if (dbTable)
  process.stdout.write(`\nDatabase work per change (PostgreSQL statistics)\n${dbTable}\n`);
for (const p of profiles) {
  process.stdout.write(`\n${profileReport(`${p.scenario} x${p.sockets}`, p.summary)}\n`);
}

const out = values.out ?? path.join(RESULTS_DIR, `live-latency-${database}.json`);
mkdirSync(path.dirname(out), { recursive: true });
const command = `node bench/live-latency.ts ${process.argv.slice(2).join(" ")}`.trim();
writeFileSync(
  out,
  `${JSON.stringify(
    rounded({
      benchmark: "live-latency",
      command,
      machine,
      database,
      options,
      targetP99Ms: TARGET_P99_MS,
      scenarios: SCENARIOS,
      results: results.map(({ windowUs: _w, ...r }) => ({ ...r, pass: passes(r) })),
      profiles,
    }),
    null,
    2,
  )}\n`,
);
process.stdout.write(`\nwrote ${path.relative(process.cwd(), out)}\n`);
if (values.profile && profileDir) log(`profile kept in ${profileDir} (remove it when done)`);
else if (profileDir) rmSync(profileDir, { recursive: true, force: true });
