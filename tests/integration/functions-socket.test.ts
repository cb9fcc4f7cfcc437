import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokensIn } from "#shared/api/auth.ts";
import { api } from "#shared/api/index.ts";
import { callFn, callFnResult } from "../support/call-fn.ts";
import {
  createTestUser,
  DB_KINDS,
  signInWithPassword,
  startTestServer,
  type TestServer,
  tokensOf,
  unique,
} from "../support/server.ts";
import { messageValue, socketCallFn, subscribeFn } from "../support/sync-fn.ts";
import { TestSocket } from "../support/sync-socket.ts";

/** Every function over the /api/sync WebSocket, with the same results and errors as HTTP. */
describe.each(DB_KINDS)("functions over the WebSocket (%s)", (kind) => {
  let server: TestServer;
  const sockets: TestSocket[] = [];
  const open = async () => {
    const socket = await TestSocket.open(server.url);
    sockets.push(socket);
    return socket;
  };
  const signedIn = async (token: string) => {
    const socket = await open();
    expect((await socket.authenticate(token)).type).toBe("authenticated");
    return socket;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await server.close();
  });

  it("users.getMe: the same user view as over HTTP", async () => {
    const user = await createTestUser(server, { firstName: "Same" });
    const socket = await signedIn(user.token);
    const overSocket = await subscribeFn(socket, "me", api.users.getMe, {});
    const overHttp = await callFn(server, api.users.getMe, {}, user.token);
    expect(overSocket).toEqual({ type: "query_result", id: "me", value: overHttp });
    expect(JSON.stringify(overSocket)).not.toMatch(/passwordHash/i);
  });

  it("users.updateProfile: trims names; a blank first name gets INVALID_ARGS", async () => {
    const user = await createTestUser(server);
    const socket = await signedIn(user.token);
    const ok = await socketCallFn(socket, api.users.updateProfile, {
      firstName: " Grace ",
      lastName: " Hopper ",
    });
    expect(ok).toMatchObject({
      type: "result",
      status: "success",
      value: { firstName: "Grace", lastName: "Hopper" },
      logLines: [],
    });
    const blank = await socketCallFn(socket, api.users.updateProfile, {
      firstName: "",
      lastName: "Hopper",
    });
    expect(blank).toMatchObject({
      type: "result",
      status: "error",
      errorMessage: "Invalid arguments for users.updateProfile: firstName: First name is required",
      errorData: {
        code: "INVALID_ARGS",
        issues: [{ path: "firstName", message: "First name is required" }],
      },
    });
  });

  it("users.changePassword: keeps this socket's session and ends the user's others", async () => {
    const user = await createTestUser(server);
    const otherToken = tokensOf(await signInWithPassword(server, user.email, user.password)).token;
    const socket = await signedIn(user.token);
    const otherSocket = await signedIn(otherToken);
    const otherEnded = otherSocket.next((m) => m.type === "auth_error");

    const wrong = await socketCallFn(socket, api.users.changePassword, {
      currentPassword: "nope nope",
      newPassword: "a new password",
    });
    expect(wrong).toMatchObject({
      status: "error",
      errorMessage: "The current password is incorrect.",
      errorData: { code: "INVALID_CREDENTIALS" },
    });
    const short = await socketCallFn(socket, api.users.changePassword, {
      currentPassword: user.password,
      newPassword: "1234567",
    });
    expect(short).toMatchObject({ status: "error", errorData: { code: "INVALID_ARGS" } });
    expect(short.errorMessage).toContain("Password must be at least 8 characters");

    const changed = await socketCallFn(socket, api.users.changePassword, {
      currentPassword: user.password,
      newPassword: "a new password",
    });
    expect(changed).toMatchObject({ status: "success", value: null });
    expect(await otherEnded).toMatchObject({ errorData: { code: "UNAUTHENTICATED" } });
    const still = await socketCallFn(socket, api.users.updateProfile, {
      firstName: "Still",
      lastName: "Here",
    });
    expect(still.status).toBe("success");
    expect((await signInWithPassword(server, user.email, "a new password")).body.status).toBe(
      "success",
    );
  });

  it("auth.signIn: password and refresh over the socket", async () => {
    const user = await createTestUser(server);
    const socket = await open();
    const signIn = await socketCallFn(socket, api.auth.signIn, {
      provider: "password",
      params: { email: user.email, password: user.password },
    });
    expect(signIn).toMatchObject({
      status: "success",
      value: { tokens: { token: expect.any(String), refreshToken: expect.any(String) } },
    });
    const tokens = tokensIn(messageValue(api.auth.signIn, signIn));
    const wrong = await socketCallFn(socket, api.auth.signIn, {
      provider: "password",
      params: { email: user.email, password: "wrong password" },
    });
    expect(wrong).toMatchObject({
      status: "error",
      errorMessage: "Invalid email or password.",
      errorData: { code: "INVALID_CREDENTIALS" },
    });
    const refreshed = await socketCallFn(socket, api.auth.signIn, {
      refreshToken: tokens.refreshToken,
    });
    expect(refreshed.status).toBe("success");
    const next = tokensIn(messageValue(api.auth.signIn, refreshed));
    expect((await socket.authenticate(next.token)).type).toBe("authenticated");
  });

  it("auth.signOut: ends this socket's session", async () => {
    const user = await createTestUser(server);
    const socket = await signedIn(user.token);
    await subscribeFn(socket, "me", api.users.getMe, {});
    const ended = socket.next((m) => m.type === "auth_error");
    const result = await socketCallFn(socket, api.auth.signOut, {});
    expect(result).toMatchObject({ status: "success", value: null });
    expect(await ended).toMatchObject({ errorData: { code: "UNAUTHENTICATED" } });
    const after = await socketCallFn(socket, api.users.updateProfile, {
      firstName: "Ghost",
      lastName: "Writer",
    });
    expect(after).toMatchObject({
      status: "error",
      errorMessage: "Authentication required",
      errorData: { code: "UNAUTHENTICATED" },
    });
    expect((await callFnResult(server, api.users.getMe, {}, user.token)).body.errorData?.code).toBe(
      "UNAUTHENTICATED",
    );
  });

  it("setup.status and setup.complete on a set-up workspace", async () => {
    await createTestUser(server);
    const socket = await open();
    expect(await subscribeFn(socket, "setup", api.setup.status, {})).toEqual({
      type: "query_result",
      id: "setup",
      value: { needsSetup: false },
    });
    const complete = await socketCallFn(socket, api.setup.complete, {
      token: "any-token",
      organizationName: "Late Org",
      firstName: "Late",
      lastName: "Comer",
      email: `${unique("late")}@example.test`,
      password: "long enough password",
    });
    expect(complete).toMatchObject({
      status: "error",
      errorMessage: "This workspace is already set up. Sign in instead.",
      errorData: { code: "CONFLICT" },
    });
  });

  it("errors: unknown function, wrong kind, invalid args, no session", async () => {
    const user = await createTestUser(server);
    const anonymous = await open();
    const noSession = await socketCallFn(anonymous, api.users.updateProfile, {
      firstName: "A",
      lastName: "B",
    });
    expect(noSession).toMatchObject({
      status: "error",
      errorMessage: "Authentication required",
      errorData: { code: "UNAUTHENTICATED" },
    });

    const socket = await signedIn(user.token);
    // Raw socket.call and subscribe from here: a path no contract names, contracts' paths sent
    // as the wrong kind, and wrong argument types, all on purpose.
    expect(await socket.call("mutation", "users.nothing", {})).toMatchObject({
      status: "error",
      errorMessage: "Could not find public mutation function 'users.nothing'.",
      errorData: { code: "UNKNOWN_FUNCTION" },
    });
    expect(await socket.call("mutation", api.users.getMe.path, {})).toMatchObject({
      status: "error",
      errorData: { code: "UNKNOWN_FUNCTION" },
    });
    expect(await socket.call("action", api.users.updateProfile.path, {})).toMatchObject({
      status: "error",
      errorData: { code: "UNKNOWN_FUNCTION" },
    });
    expect(await socket.subscribe("bad", api.users.updateProfile.path)).toMatchObject({
      type: "query_error",
      id: "bad",
      errorMessage: "Could not find public query function 'users.updateProfile'.",
      errorData: { code: "UNKNOWN_FUNCTION" },
    });
    expect(
      await socket.call("mutation", api.users.updateProfile.path, { firstName: 1, lastName: 2 }),
    ).toMatchObject({
      status: "error",
      errorData: {
        code: "INVALID_ARGS",
        issues: [
          { path: "firstName", message: expect.any(String) },
          { path: "lastName", message: expect.any(String) },
        ],
      },
    });
    const pong = socket.next((m) => m.type === "pong");
    socket.send({ type: "ping" });
    expect(await pong).toEqual({ type: "pong" });
  });
});
