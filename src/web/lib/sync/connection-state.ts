import { LONG_DISCONNECT_MS } from "#shared/constants.ts";

/**
 * The realtime connection as the UI sees it (SPEC section 4): whether the
 * socket is usable, whether it ever was, since when it is not, and a report
 * once a disconnect has lasted LONG_DISCONNECT_MS (plus one when it ends).
 */
export type ConnectionState = "connecting" | "open" | "closed";

export interface ConnectionSnapshot {
  state: ConnectionState;
  hasEverConnected: boolean;
  /** Epoch ms since when the connection is not open; null while open. */
  disconnectedSince: number | null;
  /**
   * Why the server turned this tab's connection away (e.g. too many tabs),
   * in words for the user; null unless the last attempt was refused.
   */
  notice: string | null;
}

type Listener = () => void;

export class ConnectionTracker {
  private snapshot: ConnectionSnapshot;
  private readonly listeners = new Set<Listener>();
  private readonly longListeners = new Set<Listener>();
  private readonly recoveredListeners = new Set<Listener>();
  private longTimer: ReturnType<typeof setTimeout> | null = null;
  private longReported = false;
  private readonly longAfterMs: number;

  constructor(longAfterMs = LONG_DISCONNECT_MS) {
    this.longAfterMs = longAfterMs;
    this.snapshot = {
      state: "closed",
      hasEverConnected: false,
      disconnectedSince: Date.now(),
      notice: null,
    };
  }

  get = (): ConnectionSnapshot => this.snapshot;

  subscribe = (listener: Listener): (() => void) => subscribeTo(this.listeners, listener);
  onLongDisconnect = (listener: Listener): (() => void) =>
    subscribeTo(this.longListeners, listener);
  onReconnectedAfterLongDisconnect = (listener: Listener): (() => void) =>
    subscribeTo(this.recoveredListeners, listener);

  /** Starts counting towards a long disconnect (called when the client starts). */
  start(): void {
    if (this.snapshot.state !== "open") this.update({ disconnectedSince: Date.now() });
    this.armLongTimer();
  }

  set(state: ConnectionState): void {
    const wasOpen = this.snapshot.state === "open";
    if (state === this.snapshot.state) return;
    if (state === "open") {
      this.clearLongTimer();
      this.update({ state, hasEverConnected: true, disconnectedSince: null, notice: null });
      if (this.longReported) {
        this.longReported = false;
        notify(this.recoveredListeners);
      }
      return;
    }
    this.update(wasOpen ? { state, disconnectedSince: Date.now() } : { state });
    if (wasOpen) this.armLongTimer();
  }

  /** The server refused the connection: say why until one is open again. */
  refused(notice: string): void {
    if (notice !== this.snapshot.notice) this.update({ notice });
  }

  stop(): void {
    this.clearLongTimer();
  }

  private armLongTimer(): void {
    this.clearLongTimer();
    this.longTimer = setTimeout(() => {
      this.longTimer = null;
      this.longReported = true;
      notify(this.longListeners);
    }, this.longAfterMs);
  }

  private clearLongTimer(): void {
    if (this.longTimer) clearTimeout(this.longTimer);
    this.longTimer = null;
  }

  private update(patch: Partial<ConnectionSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    notify(this.listeners);
  }
}

function subscribeTo(set: Set<Listener>, listener: Listener): () => void {
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

function notify(set: Set<Listener>): void {
  for (const listener of [...set]) listener();
}
