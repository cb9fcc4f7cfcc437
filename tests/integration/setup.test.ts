import { afterEach, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { callFn, callFnResult } from "../support/call-fn.ts";
import {
  DB_KINDS,
  type DbKind,
  migratedDataDir,
  signInWithPassword,
  startTestServer,
  type TestServer,
  tokensOf,
  unique,
} from "../support/server.ts";
import { subscribeFn } from "../support/sync-fn.ts";
import { TestSocket } from "../support/sync-socket.ts";

/** The setup link's token, from `running.setupUrl`. */
function setupTokenOf(server: TestServer): string {
  const setupUrl = server.running.setupUrl;
  if (!setupUrl) throw new Error("the server offered no setup link");
  const url = new URL(setupUrl);
  expect(url.pathname).toBe("/setup");
  const token = url.searchParams.get("token");
  expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  return token!;
}

const setupArgs = (token: string) => ({
  token,
  organizationName: "  Acme Research ",
  firstName: " Ada ",
  lastName: "Lovelace",
  email: `${unique("founder")}@example.test`,
  password: "a long first password",
});

describe.each(DB_KINDS)("first run and /setup (%s)", (kind: DbKind) => {
  const servers: TestServer[] = [];
  const sockets: TestSocket[] = [];
  const start = async (
    env: Record<string, string> = {},
    options: { databaseUrl?: string; dataDir?: string } = {},
  ) => {
    const dataDir = options.dataDir ?? (kind === "pglite" ? await migratedDataDir() : undefined);
    const server = await startTestServer(kind, env, { ...options, dataDir });
    servers.push(server);
    return server;
  };
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  it("a server with no users offers a one-time setup link and reports needsSetup", async () => {
    const server = await start();
    setupTokenOf(server);
    const status = await callFnResult(server, api.setup.status, {});
    expect(status.httpStatus).toBe(200);
    expect(status.body).toEqual({ status: "success", value: { needsSetup: true }, logLines: [] });
  });

  it("setup.complete refuses a wrong token and invalid fields, and creates nothing", async () => {
    const server = await start();
    const token = setupTokenOf(server);
    const args = setupArgs("not-the-token-from-the-link");

    const wrong = await callFnResult(server, api.setup.complete, args);
    expect(wrong.httpStatus).toBe(560);
    expect(wrong.body).toEqual({
      status: "error",
      errorMessage: "This setup link is not valid. Use the link printed in the server log.",
      errorData: { code: "FORBIDDEN" },
      logLines: [],
    });

    const shortPassword = await callFnResult(server, api.setup.complete, {
      ...setupArgs(token),
      password: "short",
    });
    expect(shortPassword.body.errorData).toEqual({
      code: "INVALID_ARGS",
      issues: [{ path: "password", message: "Password must be at least 8 characters" }],
    });
    const badEmail = await callFnResult(server, api.setup.complete, {
      ...setupArgs(token),
      email: "not-an-email",
    });
    expect(badEmail.body.errorData).toEqual({
      code: "INVALID_ARGS",
      issues: [{ path: "email", message: "Invalid email address" }],
    });

    expect(await callFn(server, api.setup.status, {})).toEqual({ needsSetup: true });
    const signIn = await signInWithPassword(server, args.email, args.password);
    expect(signIn.body.errorData?.code).toBe("INVALID_CREDENTIALS");
  });

  it("setup.complete with the link's token creates the organization and superadmin, once", async () => {
    const server = await start();
    const token = setupTokenOf(server);
    const socket = await TestSocket.open(server.url);
    sockets.push(socket);
    expect(await subscribeFn(socket, "setup", api.setup.status, {})).toMatchObject({
      type: "query_result",
      value: { needsSetup: true },
    });
    const pushed = socket.nextResult("setup");

    const args = setupArgs(token);
    const result = await callFnResult(server, api.setup.complete, args);
    expect(result.httpStatus).toBe(200);
    const tokens = tokensOf(result);

    // The live subscription learns at once that setup is done.
    expect(await pushed).toMatchObject({ type: "query_result", value: { needsSetup: false } });

    const me = await callFn(server, api.users.getMe, {}, tokens.token);
    expect(me).toEqual({
      _id: expect.any(String),
      _creationTime: expect.any(Number),
      firstName: "Ada",
      lastName: "Lovelace",
      email: args.email,
      isSuperadmin: true,
      role: "OrganizationAdmin",
      organizationId: expect.any(String),
      organization: {
        _id: me.organizationId,
        name: "Acme Research",
        slug: expect.any(String),
      },
    });
    expect(
      (await callFnResult(server, api.auth.signIn, { refreshToken: tokens.refreshToken })).body
        .status,
    ).toBe("success");
    expect((await signInWithPassword(server, args.email, args.password)).body.status).toBe(
      "success",
    );

    // Once only: the same link (or any other) now gets CONFLICT.
    const again = await callFnResult(server, api.setup.complete, {
      ...setupArgs(token),
      organizationName: "Second Try",
    });
    expect(again.httpStatus).toBe(560);
    expect(again.body).toEqual({
      status: "error",
      errorMessage: "This workspace is already set up. Sign in instead.",
      errorData: { code: "CONFLICT" },
      logLines: [],
    });
    expect(await callFn(server, api.setup.status, {})).toEqual({ needsSetup: false });
  });

  it("ADMIN_EMAIL and ADMIN_PASSWORD create the first superadmin instead of a setup link", async () => {
    const email = `${unique("admin")}@example.test`;
    const password = "admin password from env";
    const dataDir = kind === "pglite" ? await migratedDataDir() : undefined;
    const first = await start({ ADMIN_EMAIL: email, ADMIN_PASSWORD: password }, { dataDir });
    expect(first.running.setupUrl).toBeUndefined();
    expect(await callFn(first, api.setup.status, {})).toEqual({ needsSetup: false });
    const tokens = tokensOf(await signInWithPassword(first, email, password));
    expect(await callFn(first, api.users.getMe, {}, tokens.token)).toMatchObject({
      email,
      isSuperadmin: true,
      role: "OrganizationAdmin",
      organization: { name: "Atrium" },
    });

    // On a database that has users, the variables create nobody and no link is offered.
    await first.close();
    servers.splice(servers.indexOf(first), 1);
    const otherEmail = `${unique("late-admin")}@example.test`;
    const second = await start(
      { ADMIN_EMAIL: otherEmail, ADMIN_PASSWORD: password },
      { dataDir, databaseUrl: first.databaseUrl },
    );
    expect(second.running.setupUrl).toBeUndefined();
    expect((await signInWithPassword(second, otherEmail, password)).body.errorData?.code).toBe(
      "INVALID_CREDENTIALS",
    );
    expect((await signInWithPassword(second, email, password)).body.status).toBe("success");
  });
});
