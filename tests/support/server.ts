import type { Role } from "#shared/constants.ts";
import { loadConfig } from "../../src/server/config.ts";
import { createLogger } from "../../src/server/logger.ts";
import { type RunningServer, startServer } from "../../src/server/main.ts";
import { createOrganization } from "../../src/server/organizations/create-organization.ts";
import { createUser } from "../../src/server/users/create-user.ts";
import { freshDataDir, freshMigratedDataDir, freshPostgresUrl } from "./databases.ts";

export type DbKind = "pglite" | "postgres";
export const DB_KINDS: DbKind[] = ["pglite", "postgres"];

export interface CallResult {
  httpStatus: number;
  body: {
    status: "success" | "error";
    value?: unknown;
    errorMessage?: string;
    errorData?: { code: string; [key: string]: unknown };
    logLines: string[];
  };
}

export interface TestServer {
  url: string;
  running: RunningServer;
  databaseUrl?: string;
  call(
    kind: "query" | "mutation" | "action",
    path: string,
    args: unknown,
    token?: string,
  ): Promise<CallResult>;
  close(): Promise<void>;
}

let counter = 0;
export const unique = (prefix: string) =>
  `${prefix}-${process.pid}-${Date.now().toString(36)}-${++counter}`;

/** The real server on a free loopback port, with its own fresh database. */
export async function startTestServer(
  kind: DbKind,
  env: Record<string, string> = {},
  options: { databaseUrl?: string; dataDir?: string } = {},
): Promise<TestServer> {
  const databaseUrl =
    kind === "postgres" ? (options.databaseUrl ?? (await freshPostgresUrl())) : undefined;
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    // With PostgreSQL, DATA_DIR only holds blobs: no need to copy the PGlite template there.
    DATA_DIR: options.dataDir ?? (kind === "pglite" ? freshMigratedDataDir() : freshDataDir()),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    ...env,
  });
  const running = await startServer(config, { log: createLogger(config.logLevel) });
  const url = running.url;
  return {
    url,
    running,
    databaseUrl,
    async call(callKind, path, args, token) {
      const response = await fetch(`${url}/api/${callKind}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ path, args, format: "json" }),
      });
      return { httpStatus: response.status, body: (await response.json()) as CallResult["body"] };
    },
    close: () => running.close(),
  };
}

export interface TestUser {
  userId: string;
  organizationId: string;
  email: string;
  password: string;
  token: string;
  refreshToken: string;
}

/** A user (in a new organization unless one is given), signed in over HTTP. */
export async function createTestUser(
  server: TestServer,
  overrides: {
    organizationId?: string;
    role?: Role;
    isSuperadmin?: boolean;
    firstName?: string;
  } = {},
): Promise<TestUser> {
  const db = server.running.services.database.db;
  const organizationId =
    overrides.organizationId ?? (await createOrganization({ db, name: unique("Org") })).id;
  const email = `${unique("user")}@example.test`;
  const password = "correct horse battery";
  const user = await createUser({
    db,
    email,
    password,
    firstName: overrides.firstName ?? "Test",
    lastName: "User",
    organizationId,
    role: overrides.role ?? "Member",
    isSuperadmin: overrides.isSuperadmin ?? false,
  });
  const result = await server.call("action", "auth.signIn", {
    provider: "password",
    params: { email, password },
  });
  if (result.body.status !== "success")
    throw new Error(`sign-in failed: ${result.body.errorMessage}`);
  const { tokens } = result.body.value as { tokens: { token: string; refreshToken: string } };
  return { userId: user.id, organizationId, email, password, ...tokens };
}

export interface RawResponse {
  httpStatus: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

/** Any request to the server, for the bodies and headers `call` cannot send. */
export async function rawRequest(
  server: { url: string },
  path: string,
  init: RequestInit = {},
): Promise<RawResponse> {
  const response = await fetch(`${server.url}${path}`, init);
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { httpStatus: response.status, headers: response.headers, text, json };
}

/** A function call over HTTP with an Authorization header exactly as given. */
export async function callWithAuthorization(
  server: { url: string },
  kind: "query" | "mutation" | "action",
  path: string,
  args: unknown,
  authorization: string,
): Promise<CallResult> {
  const response = await rawRequest(server, `/api/${kind}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization },
    body: JSON.stringify({ path, args, format: "json" }),
  });
  return { httpStatus: response.httpStatus, body: response.json as CallResult["body"] };
}

/** Sign in with a password over HTTP; the raw result, success or not. */
export function signInWithPassword(
  server: TestServer,
  email: string,
  password: string,
): Promise<CallResult> {
  return server.call("action", "auth.signIn", {
    provider: "password",
    params: { email, password },
  });
}

/** The tokens of a successful sign-in or refresh; throws with the error otherwise. */
export function tokensOf(result: CallResult): { token: string; refreshToken: string } {
  if (result.body.status !== "success") {
    throw new Error(`expected tokens, got ${result.httpStatus} ${JSON.stringify(result.body)}`);
  }
  return (result.body.value as { tokens: { token: string; refreshToken: string } }).tokens;
}

/** A PGlite data dir with an empty, migrated database. */
export async function migratedDataDir(): Promise<string> {
  return freshMigratedDataDir();
}
