import type { ChildProcess } from "node:child_process";
import { afterEach } from "vitest";
import { tokensIn } from "#shared/api/auth.ts";
import { api } from "#shared/api/index.ts";
import { loadConfig } from "../../src/server/config.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import { createOrganization } from "../../src/server/organizations/create-organization.ts";
import { createUser } from "../../src/server/users/create-user.ts";
import { callerAt, callFn } from "./call-fn.ts";
import { type ChildServer, spawnServer, waitForHealth } from "./child-server.ts";
import { freshDataDir, freshMigratedDataDir, freshPostgresUrl } from "./databases.ts";
import { findFreePort } from "./postgres.ts";
import { type DbKind, unique } from "./server.ts";

/**
 * The set-up of the kill -9 tests (module executions, workflows, review
 * tables, document processing): the real server as a child process on a fresh
 * database, seeded while it is stopped, killed with SIGKILL mid-work and
 * started again on the same data, with a look into the database in between.
 */

export const CRASH_PASSWORD = "correct horse battery";

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type CrashDb = Awaited<ReturnType<typeof openDatabase>>["db"];

/** Open the (stopped) server's database for a seed or a look, and close it after. */
export async function withDatabase<T>(
  env: Record<string, string>,
  look: (db: CrashDb) => Promise<T>,
): Promise<T> {
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await look(database.db);
  } finally {
    await database.close();
  }
}

/**
 * A server's environment on a fresh database of `kind` (PGlite migrated, or a
 * new PostgreSQL database with an empty DATA_DIR for blobs) and a free port,
 * with JSON logs and 2-second job leases so a dead worker's jobs come back
 * soon; `extra` adds or overrides variables.
 */
export async function crashEnv(
  kind: DbKind,
  extra: Record<string, string> = {},
): Promise<{ url: string; env: Record<string, string> }> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    DATA_DIR: kind === "pglite" ? freshMigratedDataDir() : freshDataDir(),
    ...(kind === "postgres" ? { DATABASE_URL: await freshPostgresUrl() } : {}),
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: url,
    LOG_LEVEL: "info",
    LOG_FORMAT: "json",
    JOB_LEASE_SECONDS: "2",
    ...extra,
  };
  return { url, env };
}

/** A Member of a new organization (password CRASH_PASSWORD), and a caller acting as them. */
export async function seedMember(db: CrashDb, prefix: string) {
  const organization = await createOrganization({ db, name: unique("Org") });
  const email = `${unique(prefix)}@example.test`;
  const user = await createUser({
    db,
    email,
    password: CRASH_PASSWORD,
    firstName: "Crash",
    lastName: "Test",
    organizationId: organization.id,
    role: "Member",
    isSuperadmin: false,
  });
  const caller = {
    userId: user.id,
    sessionId: "seed",
    organizationId: organization.id,
    role: "Member" as const,
    isSuperadmin: false,
  };
  return { organization, user, email, caller };
}

/** The seeded member's access token, from the server at `url`. */
export async function signIn(url: string, email: string): Promise<string> {
  const tokens = tokensIn(
    await callFn(callerAt(url), api.auth.signIn, {
      provider: "password",
      params: { email, password: CRASH_PASSWORD },
    }),
  );
  return tokens.token;
}

/** How long a started server may take to answer (a loaded 2-core machine runs several suites). */
const HEALTH_TIMEOUT_MS = 120_000;

/**
 * The child processes of one describe block: `spawn` starts the server (or
 * another entry), `start` starts the server and waits until it is healthy;
 * whatever is still running after a test is killed.
 */
export function crashServers() {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  });
  const spawn = (env: Record<string, string>, entry?: string): ChildServer => {
    const server = spawnServer(env, entry);
    children.push(server.child);
    return server;
  };
  const start = async (
    env: Record<string, string>,
    url: string,
    healthTimeoutMs = HEALTH_TIMEOUT_MS,
  ): Promise<ChildServer> => {
    const server = spawn(env);
    await waitForHealth(url, server, healthTimeoutMs);
    return server;
  };
  return { spawn, start };
}

/** kill -9, and how the process ended (`{ code: null, signal: "SIGKILL" }`). */
export function kill9(server: ChildServer) {
  server.child.kill("SIGKILL");
  return server.exited;
}

/** Polls `done` until it holds; after `timeoutMs`, throws `why()` (say what and the server's output). */
export async function waitUntil(
  done: () => boolean | Promise<boolean>,
  timeoutMs: number,
  why: () => string,
  everyMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(why());
    await sleep(everyMs);
  }
}
