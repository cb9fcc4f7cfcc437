import { type Tokens, tokensIn } from "#shared/api/auth.ts";
import type { ArgsOf, FunctionContract } from "#shared/api/define.ts";
import { api } from "#shared/api/index.ts";
import type { Role } from "#shared/constants.ts";
import { loadConfig } from "../../src/server/config.ts";
import { createLogger } from "../../src/server/logger.ts";
import { type RunningServer, startServer } from "../../src/server/main.ts";
import { createOrganization } from "../../src/server/organizations/create-organization.ts";
import { createUser } from "../../src/server/users/create-user.ts";
import {
  type CallResult,
  callerAt,
  callFn,
  callFnResult,
  type FunctionCaller,
  resultOf,
} from "./call-fn.ts";
import { freshDataDir, freshMigratedDataDir, freshPostgresUrl } from "./databases.ts";

export type DbKind = "pglite" | "postgres";
export const DB_KINDS: DbKind[] = ["pglite", "postgres"];

/**
 * The server of a test. Call its functions through their contracts with `callFn` and its
 * companions (./call-fn.ts); `call` by kind and path is for a path no contract names.
 */
export interface TestServer extends FunctionCaller {
  url: string;
  running: RunningServer;
  databaseUrl?: string;
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
    call: callerAt(url).call,
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
  const tokens = tokensIn(
    await callFn(server, api.auth.signIn, {
      provider: "password",
      params: { email, password },
    }),
  );
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

/** A function call over HTTP with an Authorization header exactly as given; the answer as it came. */
export function callWithAuthorization<C extends FunctionContract>(
  server: { url: string },
  contract: C,
  args: ArgsOf<C>,
  authorization: string,
): Promise<CallResult> {
  return callFnResult(callerAt(server.url, { authorization }), contract, args);
}

/** Sign in with a password over HTTP; the answer as it came, success or not. */
export function signInWithPassword(
  server: FunctionCaller,
  email: string,
  password: string,
): Promise<CallResult> {
  return callFnResult(server, api.auth.signIn, {
    provider: "password",
    params: { email, password },
  });
}

/** The tokens of a successful sign-in or refresh; throws with the error otherwise. */
export function tokensOf(result: CallResult): Tokens {
  if (result.body.status !== "success") {
    throw new Error(`expected tokens, got ${result.httpStatus} ${JSON.stringify(result.body)}`);
  }
  return tokensIn(resultOf(api.auth.signIn, result.body.value));
}

/** A PGlite data dir with an empty, migrated database. */
export async function migratedDataDir(): Promise<string> {
  return freshMigratedDataDir();
}
