import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { hashPassword } from "../../src/server/auth/passwords.ts";
import { loadConfig } from "../../src/server/config.ts";
import type { Db } from "../../src/server/db/database.ts";
import { users } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { createLogger } from "../../src/server/logger.ts";
import { createOrganization } from "../../src/server/organizations/create-organization.ts";
import { createServices } from "../../src/server/services.ts";
import {
  createDatabase,
  findFreePort,
  POSTGRES_BIN_DIR,
  type PostgresCluster,
  startPostgresCluster,
} from "../../tests/support/postgres.ts";

/**
 * A benchmark server: data prepared in this process, then the real server started as a child
 * process (`node src/server/main.ts`) so the benchmark's clients do not share its event loop.
 */

export type DbKind = "pglite" | "postgres";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const NODE = path.join(ROOT, "node_modules/.bin/node");
export const RESULTS_DIR = path.join(ROOT, "bench/results");

export interface BenchUser {
  id: string;
  /** Access token of this user's own session. */
  token: string;
}

export interface BenchServer {
  url: string;
  database: DbKind;
  /** Set for PostgreSQL (for reading its statistics views). */
  databaseUrl?: string;
  /** The server child's pid (for CPU accounting). */
  pid: number;
  organizationId: string;
  /** `users[i]` has one session each; users[0] is the one whose profile the scenarios change. */
  users: BenchUser[];
  /** Further sessions of users[0], each with its own access token. */
  extraSessions: string[];
  close(): Promise<void>;
}

export interface PrepareOptions {
  database: DbKind;
  /** Users in the one organization (at least 1). */
  users: number;
  /** Sessions of users[0] beyond its own. */
  extraSessions: number;
  /** Extra node flags for the server child, e.g. --cpu-prof. */
  nodeArgs?: string[];
  /** The server's entry file, relative to the repository (default src/server/main.ts). */
  entry?: string;
  /** More data, written before the server starts (one process at a time may open PGlite). */
  seedMore?: (seeded: { db: Db; organizationId: string; users: BenchUser[] }) => Promise<void>;
  log?: (line: string) => void;
  /** More settings of the throwaway PostgreSQL cluster (pg_stat_statements, say). */
  postgresSettings?: readonly string[];
  /** More environment for the server child (over this process's and the benchmark's own). */
  env?: Record<string, string>;
}

const HEALTH_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 5000;
const BATCH = 500;

export function postgresAvailable(): boolean {
  return existsSync(path.join(POSTGRES_BIN_DIR, "initdb"));
}

export async function prepareServer(options: PrepareOptions): Promise<BenchServer> {
  const log = options.log ?? (() => undefined);
  const dir = mkdtempSync(path.join(tmpdir(), "atrium-bench-"));
  let cluster: PostgresCluster | undefined;
  let child: ChildProcess | undefined;
  const cleanup = async () => {
    if (child) await stopChild(child);
    child = undefined;
    if (cluster) await cluster.stop();
    cluster = undefined;
    rmSync(dir, { recursive: true, force: true });
  };
  const onExit = () => {
    // Last resort if the benchmark dies without calling close().
    if (child?.exitCode === null) child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", onExit);

  try {
    let databaseUrl = "";
    if (options.database === "postgres") {
      log("starting a throwaway PostgreSQL 15 cluster");
      cluster = await startPostgresCluster(options.postgresSettings);
      databaseUrl = await createDatabase(cluster.url);
    }
    const port = await findFreePort();
    const url = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: path.join(dir, "data"),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
      // Long enough that no token expires during a run.
      ACCESS_TOKEN_TTL_SECONDS: "7200",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
    };
    mkdirSync(env.DATA_DIR!, { recursive: true });

    const started = performance.now();
    const data = await seed(env, options.users, options.extraSessions, options.seedMore);
    log(
      `prepared ${options.users} users and ${options.users + options.extraSessions} sessions ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    child = spawn(NODE, [...(options.nodeArgs ?? []), options.entry ?? "src/server/main.ts"], {
      cwd: ROOT,
      env: { ...process.env, ...env, ...options.env },
      stdio: ["ignore", "inherit", "inherit"],
    });
    await waitForHealth(url, child);
    log(`server child ${child.pid} up on ${url} (${options.database})`);
    const running = child;
    return {
      url,
      database: options.database,
      databaseUrl: databaseUrl || undefined,
      pid: running.pid!,
      ...data,
      close: async () => {
        process.removeListener("exit", onExit);
        await cleanup();
      },
    };
  } catch (error) {
    process.removeListener("exit", onExit);
    await cleanup();
    throw error;
  }
}

async function seed(
  env: Record<string, string>,
  userCount: number,
  extraSessions: number,
  seedMore: PrepareOptions["seedMore"],
) {
  const services = await createServices(loadConfig(env), createLogger("silent"));
  try {
    const db = services.database.db;
    const org = await createOrganization({ db, name: "Bench Organization" });
    // One argon2id hash (~50 ms) shared by every user: the benchmark never signs in.
    const passwordHash = await hashPassword("bench-password-not-secret");
    const rows = Array.from({ length: userCount }, (_, i) => ({
      id: newId(),
      email: `bench-user-${i}@example.test`,
      passwordHash,
      firstName: "Bench",
      lastName: `User ${i}`,
      organizationId: org.id,
      role: "Member" as const,
    }));
    for (let i = 0; i < rows.length; i += BATCH) {
      await db.insert(users).values(rows.slice(i, i + BATCH));
    }
    const request = { ip: null, userAgent: "atrium-bench" };
    const data = await db.transaction(async (tx) => {
      const benchUsers: BenchUser[] = [];
      for (const row of rows) {
        const { token } = await services.auth.createSession(tx, row, request);
        benchUsers.push({ id: row.id, token });
      }
      const extra: string[] = [];
      for (let i = 0; i < extraSessions; i++) {
        extra.push((await services.auth.createSession(tx, rows[0]!, request)).token);
      }
      return { organizationId: org.id, users: benchUsers, extraSessions: extra };
    });
    await seedMore?.({ db, organizationId: data.organizationId, users: data.users });
    return data;
  } finally {
    await services.database.close();
  }
}

export async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited during start-up (code ${child.exitCode})`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not answer /api/health within ${HEALTH_TIMEOUT_MS / 1000} s`);
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
