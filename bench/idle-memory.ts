import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  createDatabase,
  findFreePort,
  type PostgresCluster,
  startPostgresCluster,
} from "../tests/support/postgres.ts";
import { machineInfo } from "./support/machine.ts";
import { NODE, RESULTS_DIR, ROOT } from "./support/prepare.ts";
import { startNodeFlags } from "./support/start-flags.ts";
import { table } from "./support/stats.ts";

/**
 * Idle memory of the server after start (issue 16: at most 300 MB RSS). Starts
 * `node src/server/main.ts` as `npm start` does, waits for /api/health, then samples its RSS
 * every 500 ms for --settle seconds and reports the RSS once started, the peak and the settled
 * figure (the last sample), with a breakdown: V8 heap, external memory, and the largest
 * anonymous mapping (PGlite's WebAssembly memory), from a preload that writes
 * `process.memoryUsage()` and the packages loaded (bench/support/memory-probe.ts).
 *
 *   [PGLITE_THREAD=main] node bench/idle-memory.ts [--cases fresh,seeded,postgres] [--settle 20]
 *     [--seeded-dir DIR]   reuse a data dir already seeded (and started once)
 *     [--node-args=--max-semi-space-size=16]   node flags (default: npm start's)
 *
 * fresh: a new, empty data dir (PGlite created and migrated on start). seeded: `cli seed:demo`,
 * then one start that processes its documents (the worker), then the start measured.
 * postgres: DATABASE_URL on a throwaway PostgreSQL 15 cluster (its own processes not counted).
 */

const { values } = parseArgs({
  options: {
    cases: { type: "string", default: "fresh,seeded,postgres" },
    settle: { type: "string", default: "20" },
    "seeded-dir": { type: "string" },
    out: { type: "string" },
    /** Node flags for the server; default: those `npm start` uses (package.json). */
    "node-args": { type: "string" },
  },
});
const nodeArgs = (values["node-args"] ?? startNodeFlags().join(" ")).split(" ").filter(Boolean);
const cases = values.cases.split(",").map((c) => c.trim());
const settleMs = Math.max(2, Number(values.settle)) * 1000;
const log = (line: string) => process.stderr.write(`[idle-memory] ${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

interface Probe {
  memory: NodeJS.MemoryUsage;
  resolves: number;
  packages: Record<string, number>;
}

interface Sample {
  case: string;
  startMs: number;
  rssAtStart: number;
  rssPeak: number;
  rssSettled: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  largestAnon: number;
  /** /proc/PID/smaps_rollup once settled: anonymous and file-backed resident MB. */
  anonymous: number;
  fileBacked: number;
  modules: number;
  heavyPackages: string[];
}

/** Anonymous and file-backed resident bytes of a process (/proc/PID/smaps_rollup). */
function rollupOf(pid: number): { anonymous: number; fileBacked: number } {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    const kb = (key: string) =>
      Number(new RegExp(`\\n${key}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) * 1024;
    const anonymous = kb("Anonymous");
    return { anonymous, fileBacked: Math.max(0, kb("Rss") - anonymous) };
  } catch {
    return { anonymous: 0, fileBacked: 0 };
  }
}

/** RSS of a process in bytes, and its largest anonymous mapping's resident bytes. */
function memoryOf(pid: number): { rss: number; largestAnon: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    let largestAnon = 0;
    for (const block of readFileSync(`/proc/${pid}/smaps`, "utf8").split(/\n(?=[0-9a-f]+-)/)) {
      const head = block.split("\n")[0] ?? "";
      if (head.trim().split(/\s+/).length > 5) continue; // file-backed
      const resident = Number(/\nRss:\s+(\d+)/.exec(block)?.[1] ?? 0) * 1024;
      largestAnon = Math.max(largestAnon, resident);
    }
    return { rss, largestAnon };
  } catch {
    return { rss: 0, largestAnon: 0 };
  }
}

const HEAVY = [
  "exceljs",
  "pdfmake",
  "docx",
  "mammoth",
  "unpdf",
  "sharp",
  "@napi-rs/canvas",
  "jszip",
  "archiver",
  "papaparse",
  "sanitize-html",
  "postcss",
  "@aws-sdk/client-s3",
  "google-auth-library",
  "@ai-sdk/amazon-bedrock",
  "@ai-sdk/google-vertex",
  "@ai-sdk/anthropic",
  "@ai-sdk/google",
  "@ai-sdk/openai",
  "@electric-sql/pglite",
  "pg",
];

async function measure(
  name: string,
  env: Record<string, string>,
  options: { settle: number },
): Promise<Sample> {
  const port = await findFreePort();
  const probeFile = path.join(os.tmpdir(), `atrium-idle-${process.pid}-${name}.json`);
  const started = performance.now();
  const child = spawn(
    NODE,
    [...nodeArgs, "--import", "./bench/support/memory-probe.ts", "src/server/main.ts"],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        MEMORY_PROBE_FILE: probeFile,
        // Where PGlite runs (decision 032, "PGlite in a worker thread"): as the caller's env says.
        PGLITE_THREAD: process.env.PGLITE_THREAD ?? "worker",
        ...env,
      },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  let peak = 0;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name}: the server exited:\n${stderr}`);
    if (Date.now() > deadline) throw new Error(`${name}: not healthy after 180 s:\n${stderr}`);
    peak = Math.max(peak, memoryOf(child.pid!).rss);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  const startMs = performance.now() - started;
  const atStart = memoryOf(child.pid!).rss;
  peak = Math.max(peak, atStart);
  let last = { rss: atStart, largestAnon: 0 };
  const settleUntil = Date.now() + options.settle;
  while (Date.now() < settleUntil) {
    await sleep(500);
    last = memoryOf(child.pid!);
    peak = Math.max(peak, last.rss);
  }
  const rollup = rollupOf(child.pid!);
  await sleep(300);
  const probe = JSON.parse(readFileSync(probeFile, "utf8")) as Probe;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  rmSync(probeFile, { force: true });
  const sample: Sample = {
    case: name,
    startMs: Math.round(startMs),
    rssAtStart: mb(atStart),
    rssPeak: mb(peak),
    rssSettled: mb(last.rss),
    heapUsed: mb(probe.memory.heapUsed),
    heapTotal: mb(probe.memory.heapTotal),
    external: mb(probe.memory.external),
    arrayBuffers: mb(probe.memory.arrayBuffers),
    largestAnon: mb(last.largestAnon),
    anonymous: mb(rollup.anonymous),
    fileBacked: mb(rollup.fileBacked),
    modules: probe.resolves,
    heavyPackages: HEAVY.filter((p) => probe.packages[p]),
  };
  log(
    `${name}: started in ${sample.startMs} ms; RSS ${sample.rssAtStart} MB at start, ` +
      `${sample.rssSettled} MB settled (peak ${sample.rssPeak}); heap ${sample.heapUsed}/` +
      `${sample.heapTotal} MB, external ${sample.external} MB (array buffers ` +
      `${sample.arrayBuffers}), largest anonymous mapping ${sample.largestAnon} MB, anonymous ` +
      `${sample.anonymous} MB, file-backed ${sample.fileBacked} MB; ${sample.modules} modules; heavy: ${sample.heavyPackages.join(" ") || "none"}`,
  );
  return sample;
}

function cli(dataDir: string, command: string): void {
  const result = spawnSync(NODE, ["src/server/cli.ts", command], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATA_DIR: dataDir },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`cli ${command} failed:\n${result.stderr}`);
}

const machine = machineInfo();
const results: Sample[] = [];
const scratch = mkdtempSync(path.join(os.tmpdir(), "atrium-idle-"));
let cluster: PostgresCluster | undefined;
try {
  for (const name of cases) {
    if (name === "fresh") {
      const dataDir = path.join(scratch, "fresh");
      mkdirSync(dataDir);
      results.push(
        await measure("fresh data dir (PGlite)", { DATA_DIR: dataDir }, { settle: settleMs }),
      );
    } else if (name === "seeded") {
      let dataDir = values["seeded-dir"];
      if (!dataDir || !existsSync(path.join(dataDir, "pglite"))) {
        dataDir ??= path.join(scratch, "seeded");
        mkdirSync(dataDir, { recursive: true });
        log(`seeding ${dataDir} (cli seed:demo), then a first start that processes its documents`);
        cli(dataDir, "seed:demo");
        await measure("seeded, first start", { DATA_DIR: dataDir }, { settle: 60_000 });
      }
      results.push(
        await measure("seeded demo (PGlite)", { DATA_DIR: dataDir }, { settle: settleMs }),
      );
    } else if (name === "postgres") {
      cluster ??= await startPostgresCluster();
      const databaseUrl = await createDatabase(cluster.url);
      const dataDir = path.join(scratch, "postgres");
      mkdirSync(dataDir);
      results.push(
        await measure(
          "PostgreSQL (DATABASE_URL)",
          { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
          { settle: settleMs },
        ),
      );
    } else {
      throw new Error(`--cases: fresh, seeded, postgres (not ${name})`);
    }
  }
} finally {
  await cluster?.stop();
  rmSync(scratch, { recursive: true, force: true });
}

console.log(
  `Idle memory after start (MB; node ${nodeArgs.join(" ") || "(no flags)"}; settled = RSS after ${settleMs / 1000} s; load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")})`,
);
console.log(
  table(
    [
      "case",
      "start ms",
      "RSS start",
      "peak",
      "settled",
      "anon/file",
      "heap used/total",
      "external",
      "wasm*",
    ],
    results.map((r) => [
      r.case,
      String(r.startMs),
      String(r.rssAtStart),
      String(r.rssPeak),
      String(r.rssSettled),
      `${r.anonymous}/${r.fileBacked}`,
      `${r.heapUsed}/${r.heapTotal}`,
      String(r.external),
      String(r.largestAnon),
    ]),
  ),
);
console.log("* wasm: the largest anonymous mapping's resident size (PGlite's WebAssembly memory)");
mkdirSync(RESULTS_DIR, { recursive: true });
const out = values.out ?? path.join(RESULTS_DIR, "idle-memory.json");
writeFileSync(out, `${JSON.stringify({ machine, nodeArgs, settleMs, results }, null, 2)}\n`);
log(`wrote ${path.relative(ROOT, out)}`);
