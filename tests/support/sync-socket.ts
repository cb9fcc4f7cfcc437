import WebSocket from "ws";
import { applyPatch } from "#shared/live-patch.ts";
import { type ServerMessage, serverMessageSchema } from "#shared/sync-protocol.ts";

/**
 * A test client for /api/sync that records every server message. A subscription made with
 * `patches` takes `query_patch` messages as the web client does: each is applied to the last
 * value and recorded as the `query_result` it stands for (the raw patches in `patches`).
 */
export class TestSocket {
  readonly messages: ServerMessage[] = [];
  /** The `query_patch` messages received, as sent. */
  readonly patches: Array<Extract<ServerMessage, { type: "query_patch" }>> = [];
  /** The last value of each subscription id. */
  readonly #values = new Map<string, unknown>();
  readonly #ws: WebSocket;
  readonly #waiters: Array<{
    match: (m: ServerMessage) => boolean;
    resolve: (m: ServerMessage) => void;
  }> = [];
  closeCode: number | undefined;
  #seq = 0;

  private constructor(ws: WebSocket) {
    this.#ws = ws;
    ws.on("message", (data) => {
      let message = serverMessageSchema.parse(JSON.parse(String(data)));
      if (message.type === "query_patch") {
        this.patches.push(message);
        if (!this.#values.has(message.id))
          throw new Error(`a patch before any value of ${message.id}`);
        const value = applyPatch(this.#values.get(message.id), message.patch);
        message = { type: "query_result", id: message.id, value };
      }
      if (message.type === "query_result") this.#values.set(message.id, message.value);
      this.messages.push(message);
      for (const waiter of [...this.#waiters]) {
        if (waiter.match(message)) {
          this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    });
    ws.on("close", (code) => {
      this.closeCode = code;
    });
  }

  static open(baseUrl: string, headers: Record<string, string> = {}): Promise<TestSocket> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/sync`, { headers });
    return new Promise((resolve, reject) => {
      ws.once("open", () => resolve(new TestSocket(ws)));
      ws.once("error", reject);
      ws.once("unexpected-response", (_req, res) =>
        reject(new Error(`upgrade refused: ${res.statusCode}`)),
      );
    });
  }

  get raw(): WebSocket {
    return this.#ws;
  }

  send(message: unknown): void {
    this.#ws.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /** The next message (after those already seen, unless `includeSeen`) that matches. */
  next(
    match: (m: ServerMessage) => boolean,
    timeoutMs = 5000,
    includeSeen = false,
  ): Promise<ServerMessage> {
    if (includeSeen) {
      const seen = this.messages.find(match);
      if (seen) return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error("timed out waiting for a sync message")),
        timeoutMs,
      );
      this.#waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  async authenticate(token: string): Promise<ServerMessage> {
    const reply = this.next((m) => m.type === "authenticated" || m.type === "auth_error");
    this.send({ type: "authenticate", token });
    return reply;
  }

  /** Subscribe and wait for the first result or error. */
  async subscribe(
    id: string,
    path: string,
    args: Record<string, unknown> = {},
    options: { patches?: boolean } = {},
  ): Promise<ServerMessage> {
    const first = this.next(
      (m) => (m.type === "query_result" || m.type === "query_error") && m.id === id,
    );
    this.send({ type: "subscribe", id, path, args, ...(options.patches ? { patches: true } : {}) });
    return first;
  }

  nextResult(id: string, timeoutMs = 5000): Promise<ServerMessage> {
    return this.next(
      (m) => (m.type === "query_result" || m.type === "query_error") && m.id === id,
      timeoutMs,
    );
  }

  async call(type: "mutation" | "action", path: string, args: Record<string, unknown> = {}) {
    const requestId = `r${++this.#seq}`;
    const reply = this.next((m) => m.type === "result" && m.requestId === requestId, 10_000);
    this.send({ type, requestId, path, args });
    const message = await reply;
    if (message.type !== "result") throw new Error("unexpected message");
    return message;
  }

  close(): Promise<void> {
    if (this.#ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.#ws.once("close", () => resolve());
      this.#ws.close();
    });
  }
}

/** The close code of a socket, once the server (or the client) has closed it. */
export function closeCodeOf(socket: TestSocket, timeoutMs = 5000): Promise<number> {
  if (socket.raw.readyState === WebSocket.CLOSED && socket.closeCode !== undefined) {
    return Promise.resolve(socket.closeCode);
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error("timed out waiting for the socket to close")),
      timeoutMs,
    );
    socket.raw.once("close", (code: number) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}
