import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { callFn } from "../support/call-fn.ts";
import { NODE, ROOT, TEST_NODE_FLAGS } from "../support/child-node.ts";
import { freshDataDir, freshMigratedDataDir, freshPostgresUrl } from "../support/databases.ts";
import {
  DB_KINDS,
  type DbKind,
  signInWithPassword,
  startTestServer,
  type TestServer,
  tokensOf,
} from "../support/server.ts";

const CLI = join(ROOT, "src/server/cli.ts");
const run = promisify(execFile);

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Node's on-disk compile cache, shared by this file's CLI processes: they load the same modules. */
const COMPILE_CACHE = freshDataDir();

/** `npm run cli -- ...` as a separate process, as an operator runs it. */
async function cli(
  env: { DATA_DIR: string; DATABASE_URL?: string },
  ...args: string[]
): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(NODE, [...TEST_NODE_FLAGS, CLI, ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        LOG_LEVEL: "silent",
        NODE_COMPILE_CACHE: COMPILE_CACHE,
        ...env,
      },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

/** The body of a password sign-in's answer, success or not. */
async function signIn(server: TestServer, email: string, password: string) {
  return (await signInWithPassword(server, email, password)).body;
}

// Each command is a fresh process opening the database: slow on a busy 2-core machine.
describe.each(DB_KINDS)("admin CLI (%s)", { timeout: 120_000 }, (kind: DbKind) => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  // With DATABASE_URL, DATA_DIR only holds blobs: an empty dir will do (no PGlite copy).
  const environment = async (): Promise<{ DATA_DIR: string; DATABASE_URL?: string }> =>
    kind === "pglite"
      ? { DATA_DIR: freshMigratedDataDir() }
      : { DATABASE_URL: await freshPostgresUrl(), DATA_DIR: freshDataDir() };

  it("creates organizations and users, refuses bad input with a clear message, and the users can sign in", async () => {
    const env = await environment();
    expect(await cli(env, "org:create", "--name", "Acme Legal")).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Created organization "Acme Legal" (acme-legal)'),
    });
    const created = await cli(
      env,
      "user:create",
      "--email",
      "Ada@Acme.test",
      "--password",
      "password123",
      "--first",
      "Ada",
      "--last",
      "Lovelace",
      "--org",
      "Acme Legal",
      "--role",
      "OrganizationAdmin",
    );
    expect(created).toMatchObject({
      code: 0,
      stdout: expect.stringContaining("Created OrganizationAdmin Ada@Acme.test"),
    });

    const duplicate = await cli(
      env,
      "user:create",
      "--email",
      "ada@acme.test",
      "--password",
      "password123",
      "--first",
      "A",
      "--last",
      "B",
    );
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain("A user with this email address already exists.");
    const badRole = await cli(
      env,
      "user:create",
      "--email",
      "b@acme.test",
      "--password",
      "password123",
      "--first",
      "B",
      "--last",
      "C",
      "--role",
      "Boss",
    );
    expect(badRole).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("--role: Role must be Member or OrganizationAdmin"),
    });
    const shortPassword = await cli(
      env,
      "user:create",
      "--email",
      "c@acme.test",
      "--password",
      "short",
      "--first",
      "C",
      "--last",
      "D",
    );
    expect(shortPassword.stderr).toContain("--password: Password must be at least 8 characters");
    const noOrg = await cli(
      env,
      "user:create",
      "--email",
      "d@acme.test",
      "--password",
      "password123",
      "--first",
      "D",
      "--last",
      "E",
      "--org",
      "Nope",
    );
    expect(noOrg.stderr).toContain('No organization named "Nope"');
    expect((await cli(env, "bogus")).stderr).toContain('Unknown command "bogus"');
    expect((await cli(env, "org:create", "--nme", "x")).code).toBe(1);

    const reset = await cli(
      env,
      "user:set-password",
      "--email",
      "ada@acme.test",
      "--password",
      "new-password-1",
    );
    expect(reset).toMatchObject({
      code: 0,
      stdout: expect.stringContaining("Password changed for"),
    });

    const server = await startTestServer(
      kind,
      {},
      { dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL },
    );
    servers.push(server);
    expect(await signIn(server, "ada@acme.test", "new-password-1")).toMatchObject({
      status: "success",
    });
    expect(await signIn(server, "ada@acme.test", "password123")).toMatchObject({
      status: "error",
      errorData: { code: "INVALID_CREDENTIALS" },
    });
    if (kind === "pglite") {
      // The embedded database is in use by the running server: the CLI says so.
      const busy = await cli(env, "org:create", "--name", "Other");
      expect(busy.code).toBe(1);
      expect(busy.stderr).toContain("in use");
    }
  });

  it("seeds the demo organization idempotently, with a user of each role", async () => {
    const env = await environment();
    const first = await cli(env, "seed:demo");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("member@demo.example.com");
    const password = /password (\S+)\)/.exec(first.stdout)?.[1];
    expect(password).toBeTruthy();
    expect((await cli(env, "seed:demo")).code).toBe(0);

    const server = await startTestServer(
      kind,
      {},
      { dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL },
    );
    servers.push(server);
    const roles: Record<string, { role: string; isSuperadmin: boolean }> = {
      "superadmin@demo.example.com": { role: "OrganizationAdmin", isSuperadmin: true },
      "admin@demo.example.com": { role: "OrganizationAdmin", isSuperadmin: false },
      "member@demo.example.com": { role: "Member", isSuperadmin: false },
    };
    const organizations = new Set<unknown>();
    for (const [email, expected] of Object.entries(roles)) {
      const { token } = tokensOf(await signInWithPassword(server, email, password!));
      const me = await callFn(server, api.users.getMe, {}, token);
      expect(me).toMatchObject(expected);
      organizations.add(me.organizationId);
    }
    expect(organizations.size).toBe(1);
  });

  it("refuses to disable an organization's last admin (decision 021)", async () => {
    const env = await environment();
    await cli(env, "org:create", "--name", "Alone");
    const create = ["--password", "password123", "--first", "A", "--last", "D"];
    await cli(
      env,
      "user:create",
      "--email",
      "boss@x.test",
      "--role",
      "OrganizationAdmin",
      ...create,
    );
    const refused = await cli(env, "user:disable", "--email", "boss@x.test");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "The organization's last admin cannot be disabled. Make someone else an admin first.",
    );
    await cli(
      env,
      "user:create",
      "--email",
      "two@x.test",
      "--role",
      "OrganizationAdmin",
      ...create,
    );
    expect((await cli(env, "user:disable", "--email", "boss@x.test")).stdout).toContain(
      "Disabled boss@x.test",
    );
  });

  it("disables a user: they cannot sign in and their sessions end", async () => {
    const env = await environment();
    await cli(env, "org:create", "--name", "Solo");
    await cli(
      env,
      "user:create",
      "--email",
      "solo@x.test",
      "--password",
      "password123",
      "--first",
      "S",
      "--last",
      "O",
    );
    expect((await cli(env, "user:disable", "--email", "solo@x.test")).stdout).toContain(
      "Disabled solo@x.test",
    );
    const server = await startTestServer(
      kind,
      {},
      { dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL },
    );
    servers.push(server);
    expect(await signIn(server, "solo@x.test", "password123")).toMatchObject({
      status: "error",
      errorData: { code: "FORBIDDEN" },
    });
  });
});
