import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import { MAX_SYNC_MESSAGE_BYTES, SYNC_CLOSE } from "#shared/sync-protocol.ts";
import type { Services } from "../api/context.ts";
import type { Registry } from "../api/registry.ts";
import { originAllowed } from "../http/origin.ts";
import type { LiveQueryHub } from "./live-query-hub.ts";
import { SyncConnection } from "./sync-connection.ts";
import { SessionQuota } from "./sync-limits.ts";

export const SYNC_PATH = "/api/sync";
const HEARTBEAT_MS = 30_000;

export interface SyncServer {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  readonly connectionCount: number;
  /** Refuse new sockets; open ones keep working until close(). */
  stopAccepting(): void;
  close(): void;
}

export function createSyncServer(options: {
  services: Services;
  registry: Registry;
  hub: LiveQueryHub;
  clientIp: (request: IncomingMessage) => string | null;
  /** Shared with HTTP: calls in flight, which shutdown waits for. */
  inFlight: { count: number };
}): SyncServer {
  let accepting = true;
  const { services, registry, hub } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_SYNC_MESSAGE_BYTES });
  const connections = new Map<WebSocket, SyncConnection>();
  const quota = new SessionQuota<SyncConnection>();

  // Re-check sockets whose session or user changed (sign-out, disabled user).
  // One check per affected session, however many sockets share it.
  hub.onChange((change) => {
    if ((change.t !== "sessions" && change.t !== "users") || !change.i) return;
    const affected = new Map<string, SyncConnection[]>();
    for (const connection of connections.values()) {
      const caller = connection.caller;
      if (!caller) continue;
      if (change.i !== (change.t === "sessions" ? caller.sessionId : caller.userId)) continue;
      const list = affected.get(caller.sessionId) ?? [];
      list.push(connection);
      affected.set(caller.sessionId, list);
    }
    if (affected.size === 0) return;
    // Until the check below answers, these sockets get no live results: a
    // result computed for the user must not reach a socket whose session ended.
    if (change.t === "sessions")
      for (const list of affected.values()) for (const c of list) c.suspend();
    if (change.t === "users") void recheckUser([...affected.values()]);
    else for (const list of affected.values()) void recheckSession(list, true);
  });

  /**
   * A user row changed: only disabling (or deleting) the user ends sessions, so
   * one check of any of their sessions decides; if it fails, check each.
   */
  async function recheckUser(lists: SyncConnection[][]): Promise<void> {
    const first = lists[0]?.[0]?.caller;
    if (!first) return;
    try {
      await services.auth.loadIdentity(first.userId, first.sessionId);
    } catch {
      await Promise.all(lists.map((list) => recheckSession(list, false)));
    }
  }

  async function recheckSession(list: SyncConnection[], suspended: boolean): Promise<void> {
    const caller = list[0]?.caller;
    if (!caller) return;
    try {
      await services.auth.loadIdentity(caller.userId, caller.sessionId);
      if (suspended) for (const connection of list) connection.resume();
    } catch (error) {
      for (const connection of list) connection.endSession(error);
    }
  }

  const heartbeat = setInterval(() => {
    for (const [ws, connection] of connections) {
      if (!connection.alive) {
        ws.terminate();
        continue;
      }
      connection.alive = false;
      ws.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  wss.on("connection", (ws: WebSocket, request: IncomingMessage) => {
    const connection = new SyncConnection({
      ws,
      services,
      registry,
      hub,
      quota,
      request: {
        ip: options.clientIp(request),
        userAgent: request.headers["user-agent"] ?? null,
        origin:
          request.headers.origin ??
          (request.headers.host ? `http://${request.headers.host}` : null),
      },
      inFlight: options.inFlight,
    });
    connections.set(ws, connection);
    ws.on("pong", () => {
      connection.alive = true;
    });
    ws.on("message", (data, isBinary) => {
      connection.alive = true;
      void connection.handle(data, isBinary);
    });
    ws.on("error", (error) => services.log.debug({ err: error }, "websocket error"));
    ws.on("close", () => {
      connection.close();
      connections.delete(ws);
    });
  });

  return {
    handleUpgrade(request, socket, head) {
      if (!accepting) {
        socket.write(
          "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
        );
        socket.destroy();
        return;
      }
      if (
        !originAllowed(request.headers.origin, request.headers.host, services.config.publicOrigin)
      ) {
        socket.write("HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
        socket.destroy();
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit("connection", ws, request));
    },
    get connectionCount() {
      return connections.size;
    },
    stopAccepting() {
      accepting = false;
    },
    close() {
      accepting = false;
      clearInterval(heartbeat);
      for (const ws of connections.keys()) ws.close(SYNC_CLOSE.goingAway, "Server shutting down");
      wss.close();
    },
  };
}
