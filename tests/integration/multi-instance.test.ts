import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { callFn, callFnResult } from "../support/call-fn.ts";
import { freshPostgresUrl } from "../support/databases.ts";
import {
  createTestUser,
  signInWithPassword,
  startTestServer,
  type TestServer,
  tokensOf,
  unique,
} from "../support/server.ts";
import { socketCallFn, subscribeFn } from "../support/sync-fn.ts";
import { TestSocket } from "../support/sync-socket.ts";

/**
 * Several server instances sharing one PostgreSQL database (ARCHITECTURE: LISTEN/NOTIFY carries
 * committed changes to every instance; the signing key and rate limits live in the database).
 */
describe("two instances on one PostgreSQL database", () => {
  let a: TestServer;
  let b: TestServer;
  const sockets: TestSocket[] = [];
  const open = async (server: TestServer) => {
    const socket = await TestSocket.open(server.url);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    a = await startTestServer("postgres");
    b = await startTestServer("postgres", {}, { databaseUrl: a.databaseUrl });
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await Promise.all([a.close(), b.close()]);
  });

  it("push a profile change made over HTTP on A to a subscriber on B", async () => {
    const user = await createTestUser(a, { firstName: "Before" });
    const socket = await open(b);
    expect((await socket.authenticate(user.token)).type).toBe("authenticated");
    expect(await subscribeFn(socket, "me", api.users.getMe, {})).toMatchObject({
      type: "query_result",
      value: { firstName: "Before" },
    });
    const pushed = socket.nextResult("me");
    const result = await callFnResult(
      a,
      api.users.updateProfile,
      { firstName: "Across", lastName: "Instances" },
      user.token,
    );
    expect(result.body.status).toBe("success");
    expect(await pushed).toMatchObject({
      type: "query_result",
      value: { firstName: "Across", lastName: "Instances" },
    });
  });

  it("push a profile change made over a socket on A to a subscriber on B", async () => {
    const user = await createTestUser(a);
    const onA = await open(a);
    const onB = await open(b);
    await onA.authenticate(user.token);
    await onB.authenticate(user.token);
    await subscribeFn(onA, "me", api.users.getMe, {});
    await subscribeFn(onB, "me", api.users.getMe, {});
    const pushedToB = onB.nextResult("me");
    const pushedToA = onA.nextResult("me");
    const result = await socketCallFn(onA, api.users.updateProfile, {
      firstName: "Socket",
      lastName: "Write",
    });
    expect(result.status).toBe("success");
    expect(await pushedToA).toMatchObject({ value: { firstName: "Socket" } });
    expect(await pushedToB).toMatchObject({ value: { firstName: "Socket", lastName: "Write" } });
  });

  it("never push one organization's change to another organization's subscriber on B", async () => {
    const alice = await createTestUser(a);
    const mallory = await createTestUser(a);
    const socket = await open(b);
    await socket.authenticate(mallory.token);
    await subscribeFn(socket, "me", api.users.getMe, {});
    const before = socket.messages.length;
    await callFn(
      a,
      api.users.updateProfile,
      { firstName: "Alicia", lastName: "Secret" },
      alice.token,
    );
    // Wait for a change that B must push, to be sure A's change had time to arrive too.
    const own = socket.nextResult("me");
    await callFn(
      a,
      api.users.updateProfile,
      { firstName: "Mallory", lastName: "Own" },
      mallory.token,
    );
    expect(await own).toMatchObject({ value: { firstName: "Mallory" } });
    const received = JSON.stringify(socket.messages.slice(before));
    expect(received).not.toContain("Alicia");
    expect(received).not.toContain(alice.email);
  });

  it("accept on B the tokens issued by A (one signing key), and rotate refresh tokens across both", async () => {
    const user = await createTestUser(a);
    expect(await callFn(b, api.users.getMe, {}, user.token)).toMatchObject({
      _id: user.userId,
    });
    const socket = await open(b);
    expect(await socket.authenticate(user.token)).toMatchObject({
      type: "authenticated",
      userId: user.userId,
    });

    const rotated = tokensOf(
      await callFnResult(b, api.auth.signIn, { refreshToken: user.refreshToken }),
    );
    expect((await callFnResult(a, api.users.getMe, {}, rotated.token)).body.status).toBe("success");
    // Reusing the rotated token on A ends the session on both instances.
    const reuse = await callFnResult(a, api.auth.signIn, { refreshToken: user.refreshToken });
    expect(reuse.body.errorData?.code).toBe("UNAUTHENTICATED");
    expect((await callFnResult(b, api.users.getMe, {}, rotated.token)).body.errorData?.code).toBe(
      "UNAUTHENTICATED",
    );
  });

  it("end the socket session on B when the user signs out on A", async () => {
    const user = await createTestUser(a);
    const socket = await open(b);
    await socket.authenticate(user.token);
    await subscribeFn(socket, "me", api.users.getMe, {});
    const authError = socket.next((m) => m.type === "auth_error");
    const queryError = socket.next((m) => m.type === "query_error" && m.id === "me");
    const result = await callFnResult(a, api.auth.signOut, {}, user.token);
    expect(result.body.status).toBe("success");
    expect(await authError).toMatchObject({
      type: "auth_error",
      errorMessage: "Authentication required",
      errorData: { code: "UNAUTHENTICATED" },
    });
    expect(await queryError).toMatchObject({ errorMessage: "Authentication required" });
    expect((await callFnResult(b, api.users.getMe, {}, user.token)).body.errorData?.code).toBe(
      "UNAUTHENTICATED",
    );
  });

  it("count failed sign-ins for an account across instances", async () => {
    const user = await createTestUser(a);
    for (let attempt = 1; attempt <= 10; attempt++) {
      const target = attempt % 2 === 0 ? a : b;
      const result = await signInWithPassword(target, user.email, `wrong ${attempt}`);
      expect(result.body.errorData?.code).toBe("INVALID_CREDENTIALS");
    }
    expect((await signInWithPassword(b, user.email, user.password)).body.errorData?.code).toBe(
      "RATE_LIMITED",
    );
    expect((await signInWithPassword(a, user.email, user.password)).body.errorData?.code).toBe(
      "RATE_LIMITED",
    );
  });
});

describe("two instances starting on one empty PostgreSQL database", () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  it("the setup link printed by the first instance still works after the second starts", async () => {
    const databaseUrl = await freshPostgresUrl();
    const first = await startTestServer("postgres", {}, { databaseUrl });
    servers.push(first);
    const second = await startTestServer("postgres", {}, { databaseUrl });
    servers.push(second);
    const firstLink = first.running.setupUrl;
    expect(firstLink).toBeDefined();
    expect(second.running.setupUrl).toBeDefined();

    // The operator opens the link from the first instance's log; the load balancer may send
    // the request to either instance.
    const token = new URL(firstLink!).searchParams.get("token")!;
    const result = await callFnResult(second, api.setup.complete, {
      token,
      organizationName: "Acme",
      firstName: "Ada",
      lastName: "Lovelace",
      email: `${unique("founder")}@example.test`,
      password: "a long first password",
    });
    expect(result.body).toMatchObject({ status: "success" });
  });
});
