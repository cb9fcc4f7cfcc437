import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppError } from "#shared/errors.ts";
import { createFakeFetch, type FakeAnswer } from "../testing/fake-fetch.ts";
import { createFakeWebSocket } from "../testing/fake-web-socket.ts";
import { SyncClient, type SyncClientOptions } from "./sync-client.ts";

function setup(options: SyncClientOptions = {}, answer?: () => FakeAnswer) {
  const { WebSocketImpl, sockets } = createFakeWebSocket();
  const http = createFakeFetch(
    answer ?? (() => ({ body: { status: "success", value: "via http" } })),
  );
  const client = new SyncClient({
    url: "ws://test/api/sync",
    WebSocketImpl,
    fetchImpl: http.fetchImpl,
    random: () => 0.5,
    ...options,
  });
  const socket = (index: number) => {
    const found = sockets[index];
    if (!found) throw new Error(`no socket #${index}`);
    return found;
  };
  return { client, sockets, socket, requests: http.requests };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("SyncClient subscriptions", () => {
  it("subscribes again on a new socket after a reconnect", async () => {
    const { client, socket, sockets } = setup();
    client.connect();
    socket(0).accept();
    await vi.advanceTimersByTimeAsync(0);
    const values: unknown[] = [];
    client.subscribe("users.getMe", {}, (v) => values.push(v), vi.fn());
    const [subscribe] = socket(0).sentOfType("subscribe");
    expect(subscribe).toMatchObject({ path: "users.getMe", args: {} });

    socket(0).drop();
    expect(client.getConnectionState().state).toBe("closed");
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(2);
    socket(1).accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(socket(1).sentOfType("subscribe")).toEqual([subscribe]);
    socket(1).push({ type: "query_result", id: subscribe?.id ?? "", value: { n: 2 } });
    expect(values).toEqual([{ n: 2 }]);
    expect(client.getConnectionState()).toMatchObject({ state: "open", hasEverConnected: true });
  });

  it("shares one server subscription between identical path and args", async () => {
    const { client, socket } = setup();
    client.connect();
    socket(0).accept();
    await vi.advanceTimersByTimeAsync(0);
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = client.subscribe("docs.list", { a: 1, b: 2 }, first, vi.fn());
    const stopSecond = client.subscribe("docs.list", { b: 2, a: 1 }, second, vi.fn());
    client.subscribe("docs.list", { a: 2, b: 2 }, vi.fn(), vi.fn());
    const subscribes = socket(0).sentOfType("subscribe");
    expect(subscribes).toHaveLength(2);
    socket(0).push({ type: "query_result", id: subscribes[0]?.id ?? "", value: 7 });
    expect(first).toHaveBeenCalledWith(7);
    expect(second).toHaveBeenCalledWith(7);

    stopFirst();
    expect(socket(0).sentOfType("unsubscribe")).toEqual([]);
    stopSecond();
    expect(socket(0).sentOfType("unsubscribe")).toEqual([
      { type: "unsubscribe", id: subscribes[0]?.id },
    ]);
  });

  it("takes patches against the last value, and asks again for a patch that does not fit", async () => {
    const { client, socket } = setup();
    client.connect();
    socket(0).accept();
    await vi.advanceTimersByTimeAsync(0);
    const values: unknown[] = [];
    client.subscribe("documents.list", { folderId: "f" }, (v) => values.push(v), vi.fn());
    const [subscribe] = socket(0).sentOfType("subscribe");
    expect(subscribe).toMatchObject({ patches: true });
    const id = subscribe?.id ?? "";
    const page = [
      { _id: "a", name: "A" },
      { _id: "b", name: "B" },
    ];
    socket(0).push({ type: "query_result", id, value: { page } });
    socket(0).push({
      type: "query_patch",
      id,
      patch: { o: { page: { a: [0, { i: 1, p: { o: { name: { $: "Renamed" } } } }] } } },
    });
    expect(values).toEqual([
      { page },
      {
        page: [
          { _id: "a", name: "A" },
          { _id: "b", name: "Renamed" },
        ],
      },
    ]);
    // The row the patch did not touch is the one the listener already had.
    const rows = (v: unknown) => (v as { page: unknown[] }).page;
    expect(rows(values[1])[0]).toBe(rows(values[0])[0]);

    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    socket(0).push({ type: "query_patch", id, patch: { a: [7] } });
    expect(warn).toHaveBeenCalledOnce();
    expect(values).toHaveLength(2);
    expect(socket(0).sentOfType("subscribe")).toEqual([subscribe, subscribe]);
    socket(0).push({ type: "query_result", id, value: { page: [] } });
    expect(values.at(-1)).toEqual({ page: [] });
  });

  it("turns a query_error into an AppError for the listener", async () => {
    const { client, socket } = setup();
    client.connect();
    socket(0).accept();
    await vi.advanceTimersByTimeAsync(0);
    const onError = vi.fn();
    client.subscribe("docs.get", { id: "x" }, vi.fn(), onError);
    const id = socket(0).sentOfType("subscribe")[0]?.id ?? "";
    socket(0).push({
      type: "query_error",
      id,
      errorMessage: "The document was not found.",
      errorData: { code: "NOT_FOUND", id: "x" },
    });
    const error = onError.mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "NOT_FOUND", message: "The document was not found." });
    expect(error.data).toEqual({ id: "x" });
  });
});

describe("SyncClient mutations and actions", () => {
  it("uses HTTP with the bearer token while the socket is not open", async () => {
    const { client, requests } = setup({ fetchToken: async () => "tok-1" });
    const value = await client.mutation("users.updateProfile", { firstName: "Ada" });
    expect(value).toBe("via http");
    expect(requests).toEqual([
      expect.objectContaining({
        url: "/api/mutation",
        method: "POST",
        headers: expect.objectContaining({ authorization: "Bearer tok-1" }),
        body: { path: "users.updateProfile", args: { firstName: "Ada" }, format: "json" },
      }),
    ]);
  });

  it("maps an HTTP 560 error body to an AppError with the server's message", async () => {
    const { client } = setup({}, () => ({
      status: 560,
      body: {
        status: "error",
        errorMessage: "Authentication required",
        errorData: { code: "UNAUTHENTICATED" },
        logLines: [],
      },
    }));
    const failure = client.action("auth.signOut", {});
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
      message: "Authentication required",
    });
  });

  it("refreshes a token the server refused and repeats the call once", async () => {
    const fetchToken = vi.fn(async (options?: { forceRefresh?: boolean }) =>
      options?.forceRefresh ? "new" : "old",
    );
    const { client, requests } = setup({ fetchToken }, () => ({
      status: requests.at(-1)?.headers.authorization === "Bearer new" ? 200 : 560,
      body:
        requests.at(-1)?.headers.authorization === "Bearer new"
          ? { status: "success", value: "done" }
          : {
              status: "error",
              errorMessage: "Authentication required",
              errorData: { code: "UNAUTHENTICATED" },
            },
    }));
    await expect(client.mutation("docs.save", {})).resolves.toBe("done");
    expect(requests.map((r) => r.headers.authorization)).toEqual(["Bearer old", "Bearer new"]);
  });

  it("maps a 413 without the usual body to PAYLOAD_TOO_LARGE", async () => {
    const { client } = setup({}, () => ({ status: 413, body: { message: "Body too large" } }));
    await expect(client.mutation("docs.save", {})).rejects.toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: "Body too large",
    });
  });

  it("runs over the socket when open, counts it in flight and maps its error", async () => {
    const { client, socket, requests } = setup();
    client.connect();
    socket(0).accept();
    await vi.advanceTimersByTimeAsync(0);
    const ok = client.mutation("users.updateProfile", { firstName: "Ada" });
    const bad = client.mutation("users.updateProfile", { firstName: "" });
    expect(client.getInFlightCount()).toBe(2);
    const [first, second] = socket(0).sentOfType("mutation");
    socket(0).push({
      type: "result",
      requestId: first?.requestId ?? "",
      status: "success",
      value: 1,
      logLines: [],
    });
    socket(0).push({
      type: "result",
      requestId: second?.requestId ?? "",
      status: "error",
      errorMessage: "First name is required",
      errorData: { code: "INVALID_ARGS" },
      logLines: [],
    });
    await expect(ok).resolves.toBe(1);
    await expect(bad).rejects.toMatchObject({
      code: "INVALID_ARGS",
      message: "First name is required",
    });
    expect(client.getInFlightCount()).toBe(0);
    expect(requests).toEqual([]);
  });

  it("fails a socket mutation whose connection drops before the answer", async () => {
    const { client, socket } = setup();
    client.connect();
    socket(0).accept();
    await vi.advanceTimersByTimeAsync(0);
    const pending = client.mutation("docs.save", {});
    socket(0).drop();
    await expect(pending).rejects.toThrow(/connection was lost/);
    expect(client.getInFlightCount()).toBe(0);
  });

  it("answers a one-shot query over HTTP while closed and from the socket when open", async () => {
    const { client, socket, requests } = setup();
    await expect(client.query("users.getMe", {})).resolves.toBe("via http");
    expect(requests[0]?.url).toBe("/api/query");
    client.connect();
    socket(0).accept();
    await vi.advanceTimersByTimeAsync(0);
    const answer = client.query("users.getMe", {});
    const id = socket(0).sentOfType("subscribe")[0]?.id ?? "";
    socket(0).push({ type: "query_result", id, value: "via socket" });
    await expect(answer).resolves.toBe("via socket");
    await vi.advanceTimersByTimeAsync(0);
    expect(socket(0).sentOfType("unsubscribe")).toEqual([{ type: "unsubscribe", id }]);
  });

  it("with preferSocket, waits for a connecting socket: a not-found is its answer, not an HTTP error", async () => {
    const { client, socket, requests } = setup();
    client.connect();
    const answer = client.query("threads.getThread", { threadId: "t1" }, { preferSocket: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toEqual([]);
    socket(0).accept();
    await vi.advanceTimersByTimeAsync(0);
    const id = socket(0).sentOfType("subscribe")[0]?.id ?? "";
    socket(0).push({
      type: "query_error",
      id,
      errorMessage: "The thread was not found.",
      errorData: { code: "NOT_FOUND" },
    });
    await expect(answer).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(requests).toEqual([]);
  });

  it("with preferSocket, asks over HTTP when the socket fails to connect", async () => {
    const { client, socket, requests } = setup();
    client.connect();
    const answer = client.query("threads.getThread", { threadId: "t1" }, { preferSocket: true });
    await vi.advanceTimersByTimeAsync(0);
    socket(0).drop();
    await expect(answer).resolves.toBe("via http");
    expect(requests.map((request) => request.url)).toEqual(["/api/query"]);
  });
});
