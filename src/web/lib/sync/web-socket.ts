/**
 * The part of the browser WebSocket the sync client uses, so tests can pass a
 * fake, and the reconnect schedule: exponential from ~0.5 s, capped at 10 s,
 * with "equal jitter" so that tabs do not all reconnect in the same instant;
 * after the server refused the socket for a limit, 30 to 60 s.
 */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

export const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 10_000;
export const REFUSED_RETRY_MS = 60_000;

/** The wait before reconnect attempt `attempt` (0-based): between half and all of the step. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 20));
  return Math.round(step / 2 + (random() * step) / 2);
}

/** The wait before trying again after the server refused the socket (too many tabs). */
export function refusedDelay(random: () => number = Math.random): number {
  return Math.round(REFUSED_RETRY_MS / 2 + (random() * REFUSED_RETRY_MS) / 2);
}
