import { loadConfig } from "../../src/server/config.ts";
import { createLogger } from "../../src/server/logger.ts";
import { type RunningServer, startServer } from "../../src/server/main.ts";
import { createOrganization } from "../../src/server/organizations/create-organization.ts";
import { createUser } from "../../src/server/users/create-user.ts";
import type { Role } from "../../src/shared/constants.ts";
import { freshDataDir, freshPostgresUrl } from "./databases.ts";

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
    DATA_DIR: options.dataDir ?? freshDataDir(),
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
