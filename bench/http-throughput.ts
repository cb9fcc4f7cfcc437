import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type LoadResult, type LoadTarget, runLoad } from "./support/http-load.ts";
import { machineInfo } from "./support/machine.ts";
import { type DbKind, prepareServer, RESULTS_DIR } from "./support/prepare.ts";
import { ms, rounded, table } from "./support/stats.ts";

/**
 * HTTP fallback throughput: POST /api/query users.getMe (Bearer token: JWT check + session and
 * user lookup + the query) and, for comparison, the unauthenticated setup.status, over
 * keep-alive connections at several concurrencies. Usage:
 *   node bench/http-throughput.ts [--database pglite|postgres] [--concurrency 1,8,32]
 *     [--duration 5] [--warmup 1] [--node-args "--max-semi-space-size=4"]
 */

const { values } = parseArgs({
  options: {
    database: { type: "string", default: "pglite" },
    concurrency: { type: "string", default: "1,8,32" },
    duration: { type: "string", default: "5" },
    warmup: { type: "string", default: "1" },
    out: { type: "string" },
    /** Extra node flags for the server child, space-separated (e.g. "--max-semi-space-size=4"). */
    "node-args": { type: "string", default: "" },
  },
});
const database = values.database as DbKind;
if (database !== "pglite" && database !== "postgres")
  throw new Error("--database: pglite|postgres");
const levels = values.concurrency.split(",").map(Number);
if (levels.some((c) => !Number.isInteger(c) || c < 1 || c > 256)) {
  throw new Error("--concurrency: whole numbers from 1 to 256");
}
const options = {
  durationMs: Math.min(60, Math.max(1, Number(values.duration))) * 1000,
  warmupMs: Math.min(30, Math.max(0, Number(values.warmup))) * 1000,
};
const log = (line: string) => process.stderr.write(`[http-throughput ${database}] ${line}\n`);

// Taken before the run: the commit measured (src/ may change while it runs).
const machine = machineInfo();
const nodeArgs = values["node-args"].split(" ").filter(Boolean);
const server = await prepareServer({ database, users: 1, extraSessions: 0, nodeArgs, log });
process.once("SIGINT", () => {
  log("interrupted: stopping the server");
  void server.close().then(() => process.exit(130));
});

const query = (name: string) => JSON.stringify({ path: name, args: {}, format: "json" });
const targets: LoadTarget[] = [
  {
    name: "users.getMe",
    path: "/api/query",
    body: query("users.getMe"),
    token: server.users[0]!.token,
  },
  { name: "setup.status (no auth)", path: "/api/query", body: query("setup.status") },
];
const results: Array<LoadResult & { loadAverage: [number, number] }> = [];
try {
  for (const target of targets) {
    for (const concurrency of levels) {
      const loadAtStart = os.loadavg()[0]!;
      const result = await runLoad(server.url, server.pid, target, concurrency, options);
      results.push({ ...result, loadAverage: [loadAtStart, os.loadavg()[0]!] });
      log(
        `${target.name} x${concurrency}: ${result.requestsPerSecond.toFixed(0)} req/s, ` +
          `p50 ${ms(result.latency.p50)} ms, p99 ${ms(result.latency.p99)} ms, ${result.errors} errors`,
      );
    }
  }
} finally {
  await server.close();
}

const rows = results.map((r) => [
  r.target,
  String(r.concurrency),
  r.requestsPerSecond.toFixed(0),
  ms(r.latency.p50),
  ms(r.latency.p99),
  ms(r.latency.max),
  String(r.errors),
  ms(r.serverCpuPerRequestMs),
  ms(r.clientCpuPerRequestMs),
  `${Math.round(r.machineBusy * 100)}%`,
  r.loadAverage.map((l) => l.toFixed(1)).join("/"),
]);
const headers = [
  "query",
  "conc",
  "req/s",
  "p50",
  "p99",
  "max",
  "errors",
  "srv CPU/req",
  "cli CPU/req",
  "busy",
  "load",
];
process.stdout.write(
  `\nHTTP fallback throughput, ${database} (latency in ms)\n${table(headers, rows)}\n`,
);

const out = values.out ?? path.join(RESULTS_DIR, `http-throughput-${database}.json`);
mkdirSync(path.dirname(out), { recursive: true });
const command = `node bench/http-throughput.ts ${process.argv.slice(2).join(" ")}`.trim();
writeFileSync(
  out,
  `${JSON.stringify(
    rounded({
      benchmark: "http-throughput",
      command,
      machine,
      database,
      options,
      results,
    }),
    null,
    2,
  )}\n`,
);
process.stdout.write(`\nwrote ${path.relative(process.cwd(), out)}\n`);
