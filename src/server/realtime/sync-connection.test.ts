import { describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import type { Services } from "../api/context.ts";
import type { Registry } from "../api/registry.ts";
import { createLogger } from "../logger.ts";
import { type LiveQueryHub, LiveResult, type Subscriber } from "./live-query-hub.ts";
import { SyncConnection } from "./sync-connection.ts";
import { SessionQuota } from "./sync-limits.ts";

/**
 * A live result's message is encoded once per result and subscription id (decision 034, "Where
 * a push's time goes"): every socket of a group that uses the same id is sent the same bytes,
 * as a text frame, and each socket still gets its own id.
 */

function fakeSocket() {
  const sent: Array<{ data: unknown; binary: boolean | undefined }> = [];
  const ws = {
    OPEN: 1,
    readyState: 1,
    send(data: unknown, options?: { binary?: boolean }) {
      sent.push({ data, binary: options?.binary });
    },
    close() {},
  };
  return { ws: ws as unknown as WebSocket, sent };
}

function connect(subscribers: Subscriber[]) {
  const { ws, sent } = fakeSocket();
  const hub = {
    subscribe(_caller: unknown, _path: string, _args: unknown, subscriber: Subscriber) {
      subscribers.push(subscriber);
      return { unsubscribe() {}, redeliver() {} };
    },
  } as unknown as LiveQueryHub;
  const connection = new SyncConnection({
    ws,
    services: { log: createLogger("silent") } as unknown as Services,
    registry: {} as Registry,
    hub,
    quota: new SessionQuota<SyncConnection>(),
    request: { ip: null, userAgent: null },
    inFlight: { count: 0 },
  });
  return { connection, sent };
}

const subscribe = (connection: SyncConnection, id: string) =>
  connection.handle(
    Buffer.from(JSON.stringify({ type: "subscribe", id, path: "users.getMe", args: {} })),
    false,
  );

describe("live results on the socket", () => {
  it("encodes a result once per subscription id and sends the same bytes to every socket", async () => {
    const subscribers: Subscriber[] = [];
    const a = connect(subscribers);
    const b = connect(subscribers);
    const c = connect(subscribers);
    await subscribe(a.connection, "team");
    await subscribe(b.connection, "team");
    await subscribe(c.connection, "other");
    const result = LiveResult.value({ name: "Ünïcode ✓" });
    for (const subscriber of subscribers) subscriber.send(result);

    const [fromA] = a.sent;
    const [fromB] = b.sent;
    const [fromC] = c.sent;
    expect(fromA?.binary).toBe(false);
    expect(fromA?.data).toBe(fromB?.data);
    expect(JSON.parse(String(fromA?.data))).toEqual({
      type: "query_result",
      id: "team",
      value: { name: "Ünïcode ✓" },
    });
    expect(JSON.parse(String(fromC?.data))).toEqual({
      type: "query_result",
      id: "other",
      value: { name: "Ünïcode ✓" },
    });
    expect(result.frames?.size).toBe(2);

    // A new result is encoded anew; an error keeps its own shape.
    const failed = LiveResult.error('{"errorMessage":"Not found"}');
    subscribers[0]!.send(failed);
    expect(JSON.parse(String(a.sent[1]?.data))).toEqual({
      type: "query_error",
      id: "team",
      errorMessage: "Not found",
    });
  });

  it("sends nothing while the session is re-checked", async () => {
    const subscribers: Subscriber[] = [];
    const a = connect(subscribers);
    await subscribe(a.connection, "team");
    a.connection.suspend();
    const result = LiveResult.value(1);
    expect(subscribers[0]!.send(result)).toBe(false);
    expect(a.sent).toEqual([]);
  });
});
