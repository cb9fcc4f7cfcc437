import {
  type ClientMessage,
  clientMessageSchema,
  type ServerMessage,
} from "#shared/sync-protocol.ts";
import type { WebSocketConstructor, WebSocketLike } from "../sync/web-socket.ts";

/**
 * A WebSocket stand-in for unit tests: the test opens it, plays the server's
 * messages into it and reads what the client sent (parsed with the protocol
 * schema, so a malformed client message fails the test).
 */
export interface FakeSocket extends WebSocketLike {
  readonly url: string;
  readonly sent: ClientMessage[];
  closedWith: { code?: number; reason?: string } | null;
  /** The server accepts the connection. */
  accept(): void;
  /** The server sends a message. */
  push(message: ServerMessage): void;
  /** The server (or the network) ends the connection. */
  drop(code?: number): void;
  sentOfType<T extends ClientMessage["type"]>(type: T): Extract<ClientMessage, { type: T }>[];
}

export function createFakeWebSocket(): {
  WebSocketImpl: WebSocketConstructor;
  sockets: FakeSocket[];
} {
  const sockets: FakeSocket[] = [];

  class Fake implements FakeSocket {
    readyState = 0;
    onopen: WebSocketLike["onopen"] = null;
    onmessage: WebSocketLike["onmessage"] = null;
    onclose: WebSocketLike["onclose"] = null;
    readonly sent: ClientMessage[] = [];
    closedWith: FakeSocket["closedWith"] = null;
    readonly url: string;

    constructor(url: string) {
      this.url = url;
      sockets.push(this);
    }

    send(data: string): void {
      if (this.readyState !== 1) throw new Error("send() on a socket that is not open");
      this.sent.push(clientMessageSchema.parse(JSON.parse(data)));
    }

    close(code?: number, reason?: string): void {
      this.readyState = 3;
      this.closedWith = { code, reason };
    }

    accept(): void {
      this.readyState = 1;
      this.onopen?.(new Event("open"));
    }

    push(message: ServerMessage): void {
      this.onmessage?.(new MessageEvent("message", { data: JSON.stringify(message) }));
    }

    drop(code = 1006): void {
      this.readyState = 3;
      this.onclose?.(new CloseEvent("close", { code }));
    }

    sentOfType<T extends ClientMessage["type"]>(type: T) {
      return this.sent.filter((m): m is Extract<ClientMessage, { type: T }> => m.type === type);
    }
  }

  return { WebSocketImpl: Fake, sockets };
}
