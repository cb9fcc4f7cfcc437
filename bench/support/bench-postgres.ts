import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  findFreePort,
  findTools,
  initCluster,
  runAsPostgres,
} from "../../tests/support/postgres.ts";

/**
 * A PostgreSQL 15 cluster for a benchmark whose data directory may outlive the run
 * (`bench/search.ts --keep-data <dir>`): initdb'd into `<dir>/pgdata` the first time, started
 * again from it later. Unlike the test clusters it has room to cache a large corpus
 * (shared_buffers 1 GB) and a roomy maintenance_work_mem for building indexes after a bulk load.
 * stop() shuts the server down cleanly and leaves the directory alone; removing it is the
 * caller's choice.
 */

const SETTINGS = [
  "listen_addresses=127.0.0.1",
  "fsync=off",
  "synchronous_commit=off",
  "full_page_writes=off",
  "shared_buffers=1GB",
  "maintenance_work_mem=512MB",
  "max_wal_size=4GB",
  "checkpoint_timeout=30min",
  "autovacuum=off",
  "log_min_messages=warning",
];

export interface BenchCluster {
  /** Superuser URL of the `postgres` database. */
  url: string;
  /** The data directory existed already (a kept cluster started again). */
  reused: boolean;
  /** CPU time (ms) used so far by the cluster's server processes (from /proc; Linux only). */
  cpuMs(): number;
  stop(): void;
}

/**
 * `explainOverMs`: log the plan (EXPLAIN ANALYZE, with buffers) of every statement slower than
 * this into `<dir>/postgres.log` (auto_explain).
 */
export async function startBenchCluster(
  dir: string,
  explainOverMs?: number,
): Promise<BenchCluster> {
  const dataDir = path.join(dir, "pgdata");
  const socketDir = path.join(dir, "socket");
  mkdirSync(socketDir, { recursive: true });
  const tools = findTools();
  // The socket directory is made first: runAsPostgres hands it to the postgres user.
  const run = runAsPostgres(tools, dir, 300_000);
  const pgCtl = tools.pgCtl;
  const reused = existsSync(path.join(dataDir, "PG_VERSION"));
  if (!reused) initCluster(run, tools, dataDir);
  const port = await findFreePort();
  const explain =
    explainOverMs === undefined
      ? []
      : [
          "shared_preload_libraries=auto_explain",
          `auto_explain.log_min_duration=${explainOverMs}`,
          "auto_explain.log_analyze=on",
          "auto_explain.log_buffers=on",
          "auto_explain.log_timing=on",
        ];
  const options = [
    `-p ${port}`,
    `-k '${socketDir}'`,
    ...[...SETTINGS, ...explain].map((s) => `-c ${s}`),
  ];
  run([
    pgCtl,
    "-D",
    dataDir,
    "-l",
    path.join(dir, "postgres.log"),
    "-w",
    "-t",
    "120",
    "-o",
    options.join(" "),
    "start",
  ]);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.removeListener("exit", stop);
    run([pgCtl, "-D", dataDir, "-m", "fast", "-w", "stop"]);
  };
  process.on("exit", stop);
  const postmaster = Number(
    readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0],
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    reused,
    cpuMs: () => serverCpuMs(postmaster),
    stop,
  };
}

/**
 * The postmaster of a running cluster listening on `port` (its command line has `-p <port>`), as
 * tests/support/postgres.ts starts one; undefined if none is found (Linux /proc only).
 */
export function postmasterOnPort(port: number): number | undefined {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
    } catch {
      continue;
    }
    if (!args[0]?.endsWith("/postgres")) continue;
    const p = args.indexOf("-p");
    if (p >= 0 && args[p + 1] === String(port)) return Number(entry);
  }
  return undefined;
}

/**
 * User + system CPU (ms) of the postmaster and its children (backends, workers), from /proc.
 * Backends that exited are not counted: take differences over a window in which they live.
 */
export function serverCpuMs(postmaster: number): number {
  const TICKS_PER_SECOND = 100;
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // Gone meanwhile.
    }
    // Fields after the command name (which may hold spaces): state ppid ... utime(14) stime(15).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const pid = Number(entry);
    const ppid = Number(fields[1]);
    if (pid !== postmaster && ppid !== postmaster) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
