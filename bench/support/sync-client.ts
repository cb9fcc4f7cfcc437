import WebSocket from "ws";
import { applyPatch } from "../../src/shared/live-patch.ts";

/**
 * A lean /api/sync client for benchmarks: no schema validation on the hot path, a timestamp
 * taken as soon as a message arrives, and pushes handed to `onPush`. Subscriptions take live
 * patches as the web client does (decision 035): each is applied to the subscription's last
 * value and handed on as the whole new value.
 */

export interface Message {
  type: string;
  [key: string]: unknown;
}

interface Waiter {
  match: (m: Message) => boolean;
  resolve: (m: Message) => void;
}

const REQUEST_TIMEOUT_MS = 15_000;

function asMessage(value: unknown): Message | undefined {
  if (typeof value !== "object" || value === null || !("type" in value)) return undefined;
  const type = (value as { type: unknown }).type;
  return typeof type === "string" ? (value as Message) : undefined;
}

export class BenchSocket {
  readonly #ws: WebSocket;
  readonly #waiters = new Set<Waiter>();
  #seq = 0;
  /** Pushes nobody waited for: `query_result`s after the first. */
  onPush: (id: string, value: unknown, at: number) => void = () => undefined;
  /** Messages of a type the benchmark did not expect (errors, say). */
  readonly stray: Message[] = [];
  /** Each subscription's last value (what the next patch applies to). */
  readonly #values = new Map<string, unknown>();
  /** Pushes that came as a patch. */
  patches = 0;

  private constructor(ws: WebSocket) {
    this.#ws = ws;
    ws.on("message", (data) => {
      const at = performance.now();
      let message = asMessage(JSON.parse(String(data)));
      if (!message) return;
      if (message.type === "query_patch" && typeof message.id === "string") {
        this.patches++;
        const value = applyPatch(this.#values.get(message.id), message.patch);
        message = { type: "query_result", id: message.id, value };
      }
      if (message.type === "query_result" && typeof message.id === "string")
        this.#values.set(message.id, message.value);
      for (const waiter of this.#waiters) {
        if (waiter.match(message)) {
          this.#waiters.delete(waiter);
          waiter.resolve(message);
          return;
        }
      }
      if (message.type === "query_result" && typeof message.id === "string") {
        this.onPush(message.id, message.value, at);
      } else if (this.stray.length < 100) {
        this.stray.push(message);
      }
    });
  }

  static open(baseUrl: string): Promise<BenchSocket> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/sync`);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error("timed out opening a WebSocket"));
      }, REQUEST_TIMEOUT_MS);
      ws.once("open", () => {
        clearTimeout(timer);
        resolve(new BenchSocket(ws));
      });
      ws.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  send(message: object): void {
    this.#ws.send(JSON.stringify(message));
  }

  /** Register interest in a reply before sending the request that causes it. */
  expect(match: (m: Message) => boolean, timeoutMs = REQUEST_TIMEOUT_MS): Promise<Message> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for a sync reply`));
      }, timeoutMs);
      this.#waiters.add(waiter);
    });
  }

  async authenticate(token: string): Promise<void> {
    const reply = this.expect((m) => m.type === "authenticated" || m.type === "auth_error");
    this.send({ type: "authenticate", token });
    const message = await reply;
    if (message.type !== "authenticated") {
      throw new Error(`authentication failed: ${JSON.stringify(message)}`);
    }
  }

  /** Subscribe and wait for the first result; returns its value. */
  async subscribe(id: string, path: string, args: Record<string, unknown> = {}): Promise<unknown> {
    const reply = this.expect(
      (m) => (m.type === "query_result" || m.type === "query_error") && m.id === id,
    );
    this.send({ type: "subscribe", id, path, args, patches: true });
    const message = await reply;
    if (message.type !== "query_result") {
      throw new Error(`subscription failed: ${JSON.stringify(message)}`);
    }
    return message.value;
  }

  /** Send a mutation; resolves with the reply and the time it arrived. */
  async mutation(path: string, args: Record<string, unknown>, timeoutMs = REQUEST_TIMEOUT_MS) {
    const requestId = `m${++this.#seq}`;
    let at = 0;
    const reply = this.expect((m) => {
      if (m.type !== "result" || m.requestId !== requestId) return false;
      at = performance.now();
      return true;
    }, timeoutMs);
    this.send({ type: "mutation", requestId, path, args });
    const message = await reply;
    return { status: String(message.status), message, at };
  }

  close(): Promise<void> {
    if (this.#ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#ws.terminate();
        resolve();
      }, 5000);
      this.#ws.once("close", () => {
        clearTimeout(timer);
        resolve();
      });
      this.#ws.close();
    });
  }
}

/** Run `task` over `items` at most `batch` at a time (to avoid connection storms). */
export async function inBatches<T, R>(
  items: readonly T[],
  batch: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += batch) {
    const slice = items.slice(i, i + batch);
    results.push(...(await Promise.all(slice.map((item, j) => task(item, i + j)))));
  }
  return results;
}
