import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

/**
 * A throwaway PostgreSQL 15 cluster for the integration and e2e suites, started from the
 * machine's server binaries (STACK-NOTES "Real PostgreSQL"). Everything lives in one temp dir
 * (data, unix socket, log) that stop() removes.
 */

export const POSTGRES_BIN_DIR = "/usr/lib/postgresql/15/bin";

export interface PostgresCluster {
  /** Superuser URL of the `postgres` database, e.g. postgres://postgres@127.0.0.1:5433/postgres */
  url: string;
  /** The directory of its Unix socket (`?host=<dir>` in a URL connects through it). */
  socketDir: string;
  stop(): Promise<void>;
}

const SERVER_SETTINGS = [
  "listen_addresses=127.0.0.1",
  "fsync=off",
  "synchronous_commit=off",
  "full_page_writes=off",
  "max_connections=200",
  "shared_buffers=32MB",
  "max_wal_size=1GB",
  "checkpoint_timeout=30min",
  "autovacuum=off",
  "log_min_messages=warning",
];

/** `extraSettings`: more `name=value` server settings (the soak's pg_stat_statements, say). */
export async function startPostgresCluster(
  extraSettings: readonly string[] = [],
): Promise<PostgresCluster> {
  const tools = findTools();
  const dir = mkdtempSync(join(tmpdir(), "atrium-pg-"));
  const dataDir = join(dir, "data");
  const socketDir = join(dir, "socket");
  const logFile = join(dir, "postgres.log");
  mkdirSync(socketDir);
  const asPostgres = runAsPostgres(tools, dir);

  let watchdogPid: number | undefined;
  let stopped = false;
  const stopNow = (): void => {
    if (stopped) return;
    stopped = true;
    process.removeListener("exit", stopNow);
    try {
      if (existsSync(join(dataDir, "postmaster.pid"))) {
        asPostgres([tools.pgCtl, "-D", dataDir, "-m", "immediate", "-w", "stop"]);
      }
    } finally {
      if (watchdogPid !== undefined) killQuietly(watchdogPid);
      rmSync(dir, { recursive: true, force: true });
    }
  };

  try {
    initCluster(asPostgres, tools, dataDir);
    // A crashed or killed test run must not leave the server behind: stop on exit, and a
    // detached watchdog stops it once this process is gone (even after SIGKILL).
    process.on("exit", stopNow);
    watchdogPid = startWatchdog(tools, dir, dataDir);
    const port = await startServer(asPostgres, tools, dataDir, socketDir, logFile, [
      ...SERVER_SETTINGS,
      ...extraSettings,
    ]);
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      socketDir,
      stop: async () => stopNow(),
    };
  } catch (error) {
    const log = existsSync(logFile) ? readFileSync(logFile, "utf8").slice(-4000) : "";
    stopNow();
    throw new Error(
      `Could not start the test PostgreSQL cluster: ${errorText(error)}${log ? `\n--- postgres.log ---\n${log}` : ""}`,
    );
  }
}

/** Creates a uniquely named empty database on the cluster and returns its URL. */
export async function createDatabase(adminUrl: string): Promise<string> {
  const name = `atrium_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface Tools {
  initdb: string;
  pgCtl: string;
  /** Set when we run as root: the server must run as the `postgres` OS user. */
  postgresUser?: { uid: number; gid: number };
}

export function findTools(): Tools {
  const initdb = join(POSTGRES_BIN_DIR, "initdb");
  const pgCtl = join(POSTGRES_BIN_DIR, "pg_ctl");
  if (
    !existsSync(initdb) ||
    !existsSync(pgCtl) ||
    !existsSync(join(POSTGRES_BIN_DIR, "postgres"))
  ) {
    throw new Error(
      `PostgreSQL 15 server binaries not found in ${POSTGRES_BIN_DIR}; the PostgreSQL test suite ` +
        "needs them. Install them with: apt-get install postgresql-15",
    );
  }
  if (process.getuid?.() !== 0) return { initdb, pgCtl };
  let uid: number;
  let gid: number;
  try {
    uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  } catch {
    throw new Error(
      "Running as root, but there is no `postgres` OS user to run the test PostgreSQL cluster " +
        "as. Install the server package, which creates it: apt-get install postgresql-15",
    );
  }
  return { initdb, pgCtl, postgresUser: { uid, gid } };
}

export type Runner = (command: string[]) => void;

/**
 * Runs commands as the `postgres` OS user when we are root (initdb refuses to run as root);
 * `dir` and its `socket` directory become theirs. `timeoutMs` bounds each command.
 */
export function runAsPostgres(tools: Tools, dir: string, timeoutMs = 120_000): Runner {
  const user = tools.postgresUser;
  if (user) {
    for (const path of [dir, join(dir, "socket")]) chownSync(path, user.uid, user.gid);
  }
  return (command) => {
    const [file, ...args] = user ? ["runuser", "-u", "postgres", "--", ...command] : command;
    execFileSync(file!, args, { cwd: dir, stdio: ["ignore", "pipe", "pipe"], timeout: timeoutMs });
  };
}

/** Creates a cluster in `dataDir`: superuser `postgres`, trust authentication, UTF8, C locale. */
export function initCluster(run: Runner, tools: Tools, dataDir: string): void {
  run([
    tools.initdb,
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

async function startServer(
  run: Runner,
  tools: Tools,
  dataDir: string,
  socketDir: string,
  logFile: string,
  settings: readonly string[],
): Promise<number> {
  // Another process may take the free port between our probe and the server's bind: retry.
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await findFreePort();
    const options = [`-p ${port}`, `-k '${socketDir}'`, ...settings.map((s) => `-c ${s}`)];
    try {
      run([
        tools.pgCtl,
        "-D",
        dataDir,
        "-l",
        logFile,
        "-w",
        "-t",
        "60",
        "-o",
        options.join(" "),
        "start",
      ]);
      return port;
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/** A free TCP port on 127.0.0.1 (also used by bench/). */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("No free port found"))));
    });
  });
}

/**
 * A detached shell that waits for this process to end, then stops the cluster and removes its
 * directory. stop() kills it first, so it only acts when we died without cleaning up.
 */
function startWatchdog(tools: Tools, dir: string, dataDir: string): number | undefined {
  const script = [
    'while kill -0 "$1" 2>/dev/null; do sleep 1; done',
    'if [ -f "$3/postmaster.pid" ]; then',
    '  if [ "$4" = root ]; then runuser -u postgres -- "$5" -D "$3" -m immediate -w stop;',
    '  else "$5" -D "$3" -m immediate -w stop; fi',
    "fi",
    'rm -rf "$2"',
  ].join("\n");
  const asRoot = tools.postgresUser ? "root" : "user";
  const args = ["-c", script, "atrium-pg-watchdog", String(process.pid), dir, dataDir, asRoot];
  const child = spawn("sh", [...args, tools.pgCtl], { detached: true, stdio: "ignore", cwd: "/" });
  child.unref();
  return child.pid;
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // Already gone: nothing to stop.
  }
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const stderr = "stderr" in error ? String(error.stderr ?? "").trim() : "";
    return stderr ? `${error.message}\n${stderr}` : error.message;
  }
  return String(error);
}
