import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { type ServerMessage, SYNC_CLOSE } from "#shared/sync-protocol.ts";
import { SYNC_LIMITS } from "../../src/server/realtime/sync-limits.ts";
import {
  createTestUser,
  DB_KINDS,
  signInWithPassword,
  startTestServer,
  type TestServer,
  tokensOf,
} from "../support/server.ts";
import { socketCallFn, subscribeFn } from "../support/sync-fn.ts";
import { TestSocket } from "../support/sync-socket.ts";

const { subscriptionsPerSocket, subscriptionsPerSession, socketsPerSession } = SYNC_LIMITS;

/** Limits on what one socket and one session may hold open (docs/decisions/015). */
describe.each(DB_KINDS)("sync limits (%s)", (kind) => {
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
  /** `count` subscriptions to users.getMe under distinct ids (one query run on the server). */
  const fill = (socket: TestSocket, prefix: string, count: number) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        subscribeFn(socket, `${prefix}${i}`, api.users.getMe, {}),
      ),
    );
  /** How the server closes `socket` (code and reason), within 5 s. */
  const closed = (socket: TestSocket) =>
    new Promise<{ code: number; reason: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the socket was not closed")), 5000);
      socket.raw.once("close", (code: number, reason: Buffer) => {
        clearTimeout(timer);
        resolve({ code, reason: reason.toString() });
      });
    });

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await server.close();
  });

  it(`refuses subscription ${subscriptionsPerSocket + 1} on one socket; an unsubscribe frees a slot`, async () => {
    const user = await createTestUser(server);
    const socket = await signedIn(user.token);
    const results = await fill(socket, "q", subscriptionsPerSocket);
    expect(results.every((m) => m.type === "query_result")).toBe(true);

    // Subscribing an id again replaces it and takes no second slot.
    expect((await subscribeFn(socket, "q0", api.users.getMe, {})).type).toBe("query_result");

    const refused = await subscribeFn(socket, "extra", api.users.getMe, {});
    expect(refused).toEqual({
      type: "query_error",
      id: "extra",
      errorMessage: `Too many live views open on this connection (limit ${subscriptionsPerSocket}). Close some views or reload the page.`,
      errorData: { code: "RATE_LIMITED", limit: subscriptionsPerSocket },
    });

    // The socket stays usable: a mutation goes through.
    const saved = await socketCallFn(socket, api.users.updateProfile, {
      firstName: "Still",
      lastName: "Working",
    });
    expect(saved.status).toBe("success");

    socket.send({ type: "unsubscribe", id: "q1" });
    expect(await subscribeFn(socket, "extra", api.users.getMe, {})).toMatchObject({
      type: "query_result",
      value: { firstName: "Still" },
    });
  });

  it(`refuses subscription ${subscriptionsPerSession + 1} of a session across its sockets; closing one frees them`, async () => {
    const user = await createTestUser(server);
    const perSocket = subscriptionsPerSession / 2;
    const first = await signedIn(user.token);
    const second = await signedIn(user.token);
    const third = await signedIn(user.token);
    await fill(first, "a", perSocket);
    await fill(second, "b", perSocket);

    const refused = await subscribeFn(third, "c", api.users.getMe, {});
    expect(refused).toEqual({
      type: "query_error",
      id: "c",
      errorMessage: `Too many live views open for this sign-in (limit ${subscriptionsPerSession} across its tabs). Close some tabs or reload.`,
      errorData: { code: "RATE_LIMITED", limit: subscriptionsPerSession },
    });
    // Another session of the same user has its own allowance.
    const otherSession = tokensOf(await signInWithPassword(server, user.email, user.password));
    const other = await signedIn(otherSession.token);
    expect((await subscribeFn(other, "c", api.users.getMe, {})).type).toBe("query_result");

    await first.close();
    const results = await fill(third, "c", perSocket);
    expect(results.every((m) => m.type === "query_result")).toBe(true);
  });

  it(`closes socket ${socketsPerSession + 1} of a session with ${SYNC_CLOSE.tooManyConnections}; closing one frees a slot`, async () => {
    const user = await createTestUser(server);
    const admitted = [];
    for (let i = 0; i < socketsPerSession; i++) admitted.push(await signedIn(user.token));
    // Authenticating again on an admitted socket (a refreshed token) keeps its one slot.
    expect((await admitted[0]!.authenticate(user.token)).type).toBe("authenticated");

    const extra = await open();
    const extraClosed = closed(extra);
    extra.send({ type: "authenticate", token: user.token });
    expect(await extraClosed).toEqual({
      code: SYNC_CLOSE.tooManyConnections,
      reason: `Too many connections for this sign-in (limit ${socketsPerSession})`,
    });
    expect(extra.messages).toEqual([]);

    // Other sessions are not affected, and the admitted sockets keep working.
    const stranger = await createTestUser(server);
    const strangerSocket = await signedIn(stranger.token);
    expect((await subscribeFn(strangerSocket, "me", api.users.getMe, {})).type).toBe(
      "query_result",
    );
    expect((await subscribeFn(admitted[1]!, "me", api.users.getMe, {})).type).toBe("query_result");

    await admitted[0]!.close();
    const next = await signedIn(user.token);
    expect((await subscribeFn(next, "me", api.users.getMe, {})).type).toBe("query_result");
    const full = await open();
    const fullClosed = closed(full);
    full.send({ type: "authenticate", token: user.token });
    expect((await fullClosed).code).toBe(SYNC_CLOSE.tooManyConnections);
  });

  it("gives a session's slots back when its sockets sign out", async () => {
    const user = await createTestUser(server);
    const admitted: TestSocket[] = [];
    for (let i = 0; i < socketsPerSession; i++) admitted.push(await signedIn(user.token));
    // A socket that goes on as anonymous (an unusable token) leaves the session.
    const reply: ServerMessage = await admitted[0]!.authenticate("not-a-token");
    expect(reply.type).toBe("auth_error");
    const next = await signedIn(user.token);
    expect((await subscribeFn(next, "me", api.users.getMe, {})).type).toBe("query_result");
  });
});
