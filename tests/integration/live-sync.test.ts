import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokensIn } from "#shared/api/auth.ts";
import { api } from "#shared/api/index.ts";
import { callFn, callFnResult } from "../support/call-fn.ts";
import { createTestUser, DB_KINDS, startTestServer, type TestServer } from "../support/server.ts";
import { socketCallFn, subscribeFn } from "../support/sync-fn.ts";
import { TestSocket } from "../support/sync-socket.ts";

describe.each(DB_KINDS)("live queries over /api/sync (%s)", (kind) => {
  let server: TestServer;
  const sockets: TestSocket[] = [];
  const open = async () => {
    const socket = await TestSocket.open(server.url);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await server.close();
  });

  it("pushes getMe at once and again after a profile change made over HTTP", async () => {
    const user = await createTestUser(server, { firstName: "Ada" });
    const socket = await open();
    expect((await socket.authenticate(user.token)).type).toBe("authenticated");
    const first = await subscribeFn(socket, "me", api.users.getMe, {});
    expect(first).toMatchObject({
      type: "query_result",
      value: { firstName: "Ada", email: user.email },
    });

    const pushed = socket.nextResult("me");
    const result = await callFnResult(
      server,
      api.users.updateProfile,
      { firstName: "Grace", lastName: "Hopper" },
      user.token,
    );
    expect(result.body.status).toBe("success");
    expect(await pushed).toMatchObject({
      type: "query_result",
      value: { firstName: "Grace", lastName: "Hopper" },
    });
  });

  it("sends a mutation's result only after the pushes it caused on that socket", async () => {
    const user = await createTestUser(server);
    const socket = await open();
    await socket.authenticate(user.token);
    await subscribeFn(socket, "me", api.users.getMe, {});
    const before = socket.messages.length;
    const result = await socketCallFn(socket, api.users.updateProfile, {
      firstName: "Linus",
      lastName: "T",
    });
    expect(result.status).toBe("success");
    const after = socket.messages.slice(before);
    const pushIndex = after.findIndex((m) => m.type === "query_result" && m.id === "me");
    const resultIndex = after.findIndex((m) => m.type === "result");
    expect(pushIndex).toBeGreaterThanOrEqual(0);
    expect(pushIndex).toBeLessThan(resultIndex);
  });

  it("reaches a second subscriber of the same user, and skips unchanged results", async () => {
    const user = await createTestUser(server);
    const a = await open();
    const b = await open();
    await a.authenticate(user.token);
    await b.authenticate(user.token);
    await subscribeFn(a, "me", api.users.getMe, {});
    await subscribeFn(b, "me", api.users.getMe, {});
    const pushedToB = b.nextResult("me");
    await socketCallFn(a, api.users.updateProfile, { firstName: "Second", lastName: "Tab" });
    expect(await pushedToB).toMatchObject({ value: { firstName: "Second" } });

    // The same values again change nothing: no push.
    const countBefore = b.messages.length;
    await socketCallFn(a, api.users.updateProfile, { firstName: "Second", lastName: "Tab" });
    await new Promise((r) => setTimeout(r, 150));
    expect(b.messages.slice(countBefore).filter((m) => m.type === "query_result")).toHaveLength(0);
  });

  it("never sends one organization's user data to another organization's subscriber", async () => {
    const alice = await createTestUser(server, { firstName: "Alice" });
    const mallory = await createTestUser(server, { firstName: "Mallory" });
    const socket = await open();
    await socket.authenticate(mallory.token);
    await subscribeFn(socket, "me", api.users.getMe, {});
    const countBefore = socket.messages.length;
    await callFn(
      server,
      api.users.updateProfile,
      { firstName: "Alicia", lastName: "X" },
      alice.token,
    );
    await new Promise((r) => setTimeout(r, 200));
    const received = JSON.stringify(socket.messages.slice(countBefore));
    expect(received).not.toContain("Alicia");
    expect(received).not.toContain(alice.email);
  });

  it("keeps subscriptions across re-authentication with a refreshed token", async () => {
    const user = await createTestUser(server);
    const socket = await open();
    await socket.authenticate(user.token);
    await subscribeFn(socket, "me", api.users.getMe, {});
    const tokens = tokensIn(
      await callFn(server, api.auth.signIn, { refreshToken: user.refreshToken }),
    );
    expect((await socket.authenticate(tokens.token)).type).toBe("authenticated");
    const pushed = socket.nextResult("me");
    await callFn(
      server,
      api.users.updateProfile,
      { firstName: "After", lastName: "Refresh" },
      tokens.token,
    );
    expect(await pushed).toMatchObject({ type: "query_result", value: { firstName: "After" } });
  });

  it("tells the socket when its session ends elsewhere (sign-out in another tab)", async () => {
    const user = await createTestUser(server);
    const socket = await open();
    await socket.authenticate(user.token);
    await subscribeFn(socket, "me", api.users.getMe, {});
    const authError = socket.next((m) => m.type === "auth_error");
    const queryError = socket.next((m) => m.type === "query_error" && m.id === "me");
    await callFn(server, api.auth.signOut, {}, user.token);
    expect(await authError).toMatchObject({
      type: "auth_error",
      errorData: { code: "UNAUTHENTICATED" },
    });
    expect(await queryError).toMatchObject({ errorMessage: "Authentication required" });
  });

  it("shares one query run between a user's sessions, yet ends only the signed-out one", async () => {
    const user = await createTestUser(server);
    const second = await callFn(server, api.auth.signIn, {
      provider: "password",
      params: { email: user.email, password: user.password },
    });
    const other = tokensIn(second).token;
    const kept = await open();
    const ended = await open();
    await kept.authenticate(user.token);
    await ended.authenticate(other);
    await subscribeFn(kept, "me", api.users.getMe, {});
    await subscribeFn(ended, "me", api.users.getMe, {});

    const authError = ended.next((m) => m.type === "auth_error");
    await callFn(server, api.auth.signOut, {}, other);
    await authError;
    const countBefore = ended.messages.length;
    const pushed = kept.nextResult("me");
    await callFn(
      server,
      api.users.updateProfile,
      { firstName: "Still", lastName: "Here" },
      user.token,
    );
    expect(await pushed).toMatchObject({ type: "query_result", value: { firstName: "Still" } });
    await new Promise((r) => setTimeout(r, 150));
    expect(JSON.stringify(ended.messages.slice(countBefore))).not.toContain("Still");
  });

  it("answers a query subscription without a token with 'Authentication required'", async () => {
    const socket = await open();
    const reply = await subscribeFn(socket, "me", api.users.getMe, {});
    expect(reply).toMatchObject({
      type: "query_error",
      errorMessage: "Authentication required",
      errorData: { code: "UNAUTHENTICATED" },
    });
    const publicReply = await subscribeFn(socket, "setup", api.setup.status, {});
    expect(publicReply).toMatchObject({ type: "query_result", value: { needsSetup: false } });
  });

  it("stops pushing after unsubscribe", async () => {
    const user = await createTestUser(server);
    const socket = await open();
    await socket.authenticate(user.token);
    await subscribeFn(socket, "me", api.users.getMe, {});
    socket.send({ type: "unsubscribe", id: "me" });
    const countBefore = socket.messages.length;
    await callFn(
      server,
      api.users.updateProfile,
      { firstName: "Gone", lastName: "Quiet" },
      user.token,
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(
      socket.messages.slice(countBefore).filter((m) => m.type === "query_result"),
    ).toHaveLength(0);
  });
});
