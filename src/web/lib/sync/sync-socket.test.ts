import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LONG_DISCONNECT_MS } from "#shared/constants.ts";
import { SYNC_CLOSE, SYNC_HEARTBEAT_MS } from "#shared/sync-protocol.ts";
import { createFakeWebSocket } from "../testing/fake-web-socket.ts";
import { SyncClient } from "./sync-client.ts";
import { TOO_MANY_TABS_NOTICE } from "./sync-socket.ts";
import { RECONNECT_MAX_MS, REFUSED_RETRY_MS, reconnectDelay } from "./web-socket.ts";

function setup() {
  const { WebSocketImpl, sockets } = createFakeWebSocket();
  let token: string | null = "token-1";
  const listeners = new Set<() => void>();
  const fetchToken = vi.fn(async (_options?: { forceRefresh?: boolean }) => token);
  const setToken = (next: string | null) => {
    token = next;
    for (const listener of listeners) listener();
  };
  const client = new SyncClient({
    url: "ws://test/api/sync",
    WebSocketImpl,
    random: () => 0.5,
    fetchToken,
    onTokenChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
  const socket = (index: number) => {
    const found = sockets[index];
    if (!found) throw new Error(`no socket #${index}`);
    return found;
  };
  return { client, socket, sockets, setToken, fetchToken };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("SyncClient authentication", () => {
  it("authenticates first and subscribes only once the server accepted the token", async () => {
    const { client, socket } = setup();
    client.subscribe("users.getMe", {}, vi.fn(), vi.fn());
    client.connect();
    socket(0).accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(socket(0).sent).toEqual([{ type: "authenticate", token: "token-1" }]);
    expect(client.getConnectionState().state).toBe("connecting");
    socket(0).push({ type: "authenticated", userId: "u1" });
    expect(socket(0).sentOfType("subscribe")).toHaveLength(1);
    expect(client.getConnectionState().state).toBe("open");
  });

  it("re-sends authenticate on the same socket when the token changes", async () => {
    const { client, socket, sockets, setToken } = setup();
    client.connect();
    socket(0).accept();
    await vi.advanceTimersByTimeAsync(0);
    socket(0).push({ type: "authenticated", userId: "u1" });
    setToken("token-2");
    await vi.advanceTimersByTimeAsync(0);
    expect(
      socket(0)
        .sentOfType("authenticate")
        .map((m) => m.token),
    ).toEqual(["token-1", "token-2"]);
    expect(sockets).toHaveLength(1);
  });

  it("starts a fresh anonymous socket after sign-out", async () => {
    const { client, socket, sockets, setToken } = setup();
    client.connect();
    socket(0).accept();
    await vi.advanceTimersByTimeAsync(0);
    socket(0).push({ type: "authenticated", userId: "u1" });
    setToken(null);
    await vi.advanceTimersByTimeAsync(0);
    expect(socket(0).closedWith?.code).toBe(SYNC_CLOSE.normal);
    expect(sockets).toHaveLength(2);
    socket(1).accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(socket(1).sentOfType("authenticate")).toEqual([]);
  });

  it("refreshes the token once when the server refuses it", async () => {
    const { client, socket, fetchToken, setToken } = setup();
    client.connect();
    socket(0).accept();
    await vi.advanceTimersByTimeAsync(0);
    fetchToken.mockImplementationOnce(async () => {
      setToken("token-2");
      return "token-2";
    });
    socket(0).push({
      type: "auth_error",
      errorMessage: "Authentication required",
      errorData: { code: "UNAUTHENTICATED" },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchToken).toHaveBeenCalledWith({ forceRefresh: true });
    expect(socket(0).sentOfType("authenticate").at(-1)?.token).toBe("token-2");
  });
});

describe("SyncClient connection health", () => {
  it("pings, and replaces a socket that stays silent", async () => {
    const { client, socket, sockets } = setup();
    client.connect();
    socket(0).accept();
    await vi.advanceTimersByTimeAsync(0);
    socket(0).push({ type: "authenticated", userId: "u1" });
    await vi.advanceTimersByTimeAsync(SYNC_HEARTBEAT_MS);
    expect(socket(0).sentOfType("ping")).toHaveLength(1);
    socket(0).push({ type: "pong" });
    await vi.advanceTimersByTimeAsync(SYNC_HEARTBEAT_MS);
    expect(socket(0).closedWith).toBeNull();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(socket(0).closedWith).not.toBeNull();
    expect(client.getConnectionState().state).toBe("closed");
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
    expect(sockets).toHaveLength(2);
  });

  it("backs off exponentially with jitter, capped at 10 s", () => {
    expect(reconnectDelay(0, () => 0)).toBe(250);
    expect(reconnectDelay(0, () => 1)).toBe(500);
    expect(reconnectDelay(3, () => 1)).toBe(4000);
    expect(reconnectDelay(30, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(30, () => 0)).toBe(RECONNECT_MAX_MS / 2);
  });

  it("reports a disconnect longer than a minute, and the recovery", async () => {
    const { client, socket, sockets } = setup();
    const onLong = vi.fn();
    const onBack = vi.fn();
    client.onLongDisconnect(onLong);
    client.onReconnectedAfterLongDisconnect(onBack);
    client.connect();
    socket(0).accept();
    await vi.advanceTimersByTimeAsync(0);
    socket(0).push({ type: "authenticated", userId: "u1" });
    socket(0).drop();
    const since = client.getConnectionState().disconnectedSince;
    expect(since).toBe(Date.now());
    for (let i = 0; i < 20; i++) {
      await vi.advanceTimersByTimeAsync(5_000);
      sockets.at(-1)?.drop();
    }
    expect(onLong).toHaveBeenCalledTimes(1);
    expect(Date.now() - (since ?? 0)).toBeGreaterThan(LONG_DISCONNECT_MS);
    expect(onBack).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
    sockets.at(-1)?.accept();
    await vi.advanceTimersByTimeAsync(0);
    sockets.at(-1)?.push({ type: "authenticated", userId: "u1" });
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(client.getConnectionState()).toEqual({
      state: "open",
      hasEverConnected: true,
      disconnectedSince: null,
      notice: null,
    });
  });

  it("after a refusal for too many tabs, waits 30 to 60 s between attempts and says why", async () => {
    const { client, socket, sockets } = setup();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    client.connect();
    for (let attempt = 0; attempt < 3; attempt++) {
      sockets.at(-1)?.accept();
      await vi.advanceTimersByTimeAsync(0);
      sockets.at(-1)?.drop(SYNC_CLOSE.tooManyConnections);
      expect(client.getConnectionState()).toMatchObject({
        state: "closed",
        notice: TOO_MANY_TABS_NOTICE,
      });
      await vi.advanceTimersByTimeAsync(REFUSED_RETRY_MS / 2 - 1);
      expect(sockets).toHaveLength(attempt + 1);
      await vi.advanceTimersByTimeAsync(REFUSED_RETRY_MS / 2);
      expect(sockets).toHaveLength(attempt + 2);
    }
    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
    socket(3).accept();
    await vi.advanceTimersByTimeAsync(0);
    socket(3).push({ type: "authenticated", userId: "u1" });
    expect(client.getConnectionState()).toMatchObject({ state: "open", notice: null });
  });
});
