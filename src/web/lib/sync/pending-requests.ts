import type { ServerMessage } from "#shared/sync-protocol.ts";
import { toAppError } from "./http-transport.ts";

/**
 * Mutations and actions sent over the socket and not yet answered, keyed by
 * request id. A `result` message settles one; a lost socket fails them all,
 * since nobody can tell whether the server ran them.
 */
type ResultMessage = Extract<ServerMessage, { type: "result" }>;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export const CONNECTION_LOST_MESSAGE =
  "The connection was lost before the server answered. Your change may not have been saved.";

export class PendingRequests {
  private readonly pending = new Map<string, Pending>();
  private nextId = 1;

  get size(): number {
    return this.pending.size;
  }

  /** Registers a request; returns its id and the promise of its value. */
  open(): { requestId: string; promise: Promise<unknown> } {
    const requestId = `r${this.nextId++}`;
    const promise = new Promise<unknown>((resolve, reject) => {
      this.pending.set(requestId, { resolve, reject });
    });
    return { requestId, promise };
  }

  settle(message: ResultMessage): void {
    const request = this.pending.get(message.requestId);
    if (!request) return;
    this.pending.delete(message.requestId);
    if (message.status === "success") request.resolve(message.value ?? null);
    else
      request.reject(toAppError(message.errorMessage ?? "The request failed.", message.errorData));
  }

  failAll(message = CONNECTION_LOST_MESSAGE): void {
    const requests = [...this.pending.values()];
    this.pending.clear();
    for (const request of requests) request.reject(new Error(message));
  }
}
