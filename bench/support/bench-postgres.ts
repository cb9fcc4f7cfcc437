import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { findFreePort, POSTGRES_BIN_DIR } from "../../tests/support/postgres.ts";

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
  const user = postgresUser();
  if (user) for (const p of [dir, socketDir]) chownSync(p, user.uid, user.gid);
  const run = (command: string[]) => {
    const [file, ...args] = user ? ["runuser", "-u", "postgres", "--", ...command] : command;
    execFileSync(file!, args, { cwd: dir, stdio: ["ignore", "pipe", "pipe"], timeout: 300_000 });
  };
  const pgCtl = path.join(POSTGRES_BIN_DIR, "pg_ctl");
  const reused = existsSync(path.join(dataDir, "PG_VERSION"));
  if (!reused) {
    run([
      path.join(POSTGRES_BIN_DIR, "initdb"),
      "-D",
      dataDir,
      "-U",
      "postgres",
      "-A",
      "trust",
      "-E",
      "UTF8",
      "--locale=C",
      "--no-sync",
      "--no-instructions",
    ]);
  }
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
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, reused, stop };
}

function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) =>
    Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}
