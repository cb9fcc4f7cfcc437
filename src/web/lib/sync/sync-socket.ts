import {
  type ClientMessage,
  type ServerMessage,
  SYNC_CLOSE,
  SYNC_HEARTBEAT_MS,
  serverMessageSchema,
} from "#shared/sync-protocol.ts";
import { ConnectionTracker } from "./connection-state.ts";
import { Heartbeat } from "./heartbeat.ts";
import {
  reconnectDelay,
  refusedDelay,
  type WebSocketConstructor,
  type WebSocketLike,
} from "./web-socket.ts";

/** Everything except the auth handshake and heartbeat answers, for the SyncClient. */
export type ForwardedMessage = Exclude<
  ServerMessage,
  { type: "authenticated" | "auth_error" | "pong" }
>;

export interface SyncSocketOptions {
  url: string;
  WebSocketImpl: WebSocketConstructor;
  random: () => number;
  getToken: (forceRefresh: boolean) => Promise<string | null>;
  /** Signed in (or anonymous) and usable: (re)send the subscriptions. */
  onReady: () => void;
  onMessage: (message: ForwardedMessage) => void;
  /** The socket is gone: what was in flight on it is lost. */
  onLost: () => void;
}

const OPEN = 1;
const PONG_TIMEOUT_MS = 10_000;
const HEARTBEAT_TIMEOUT_CLOSE = 4000;

/** Shown (ConnectionSnapshot.notice) while the server turns this tab away for its session's other tabs. */
export const TOO_MANY_TABS_NOTICE =
  "Too many tabs are connected with this sign-in, so this one is not live. Close some tabs; it reconnects by itself.";

/**
 * The connection itself: open, authenticate (and re-authenticate when the
 * token changes), heartbeat, and reconnect with backoff when it drops.
 */
export class SyncSocket {
  readonly connection = new ConnectionTracker();
  private ws: WebSocketLike | null = null;
  private ready = false;
  private awaitingAuth = false;
  private sentToken: string | null = null;
  private forcedRefreshFor: string | null = null;
  private forceRefreshOnConnect = false;
  private stopped = true;
  private attempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly heartbeat: Heartbeat;
  private readonly options: SyncSocketOptions;

  constructor(options: SyncSocketOptions) {
    this.options = options;
    this.heartbeat = new Heartbeat({
      ping: () => this.send({ type: "ping" }),
      onTimeout: () => this.restart(HEARTBEAT_TIMEOUT_CLOSE, "No answer to ping", true),
      intervalMs: SYNC_HEARTBEAT_MS,
      timeoutMs: PONG_TIMEOUT_MS,
    });
  }

  isReady(): boolean {
    return this.ready;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connection.start();
    this.open();
  }

  stop(): void {
    this.stopped = true;
    this.clearReconnectTimer();
    this.drop(SYNC_CLOSE.normal, "Client closed");
    this.connection.set("closed");
    this.connection.stop();
  }

  /** Skips the backoff wait, e.g. when the browser comes back online. */
  reconnectNow(): void {
    if (this.stopped || !this.reconnectTimer) return;
    this.clearReconnectTimer();
    this.open();
  }

  send(message: ClientMessage): void {
    if (this.ws?.readyState === OPEN) this.ws.send(JSON.stringify(message));
  }

  /** The token may have changed: re-authenticate, or start anonymous after a sign-out. */
  async tokenChanged(): Promise<void> {
    const ws = this.ws;
    if (!ws || (!this.ready && !this.awaitingAuth)) return;
    const token = await this.options.getToken(false);
    if (ws !== this.ws || token === this.sentToken) return;
    if (token) this.authenticate(token);
    else this.restart(SYNC_CLOSE.normal, "Signed out", false);
  }

  private open(): void {
    this.reconnectTimer = null;
    this.connection.set("connecting");
    const ws = new this.options.WebSocketImpl(this.options.url);
    this.ws = ws;
    ws.onopen = () => void this.opened(ws);
    ws.onmessage = (event) => this.received(ws, event.data);
    ws.onclose = (event) => {
      if (ws !== this.ws) return;
      if (event.code === SYNC_CLOSE.authFailed || event.code === SYNC_CLOSE.sessionEnded) {
        this.forceRefreshOnConnect = true;
      }
      this.detach(ws);
      if (event.code === SYNC_CLOSE.tooManyConnections) this.refused(event.reason);
      else this.scheduleReconnect();
    };
  }

  private async opened(ws: WebSocketLike): Promise<void> {
    this.heartbeat.start();
    const token = await this.options.getToken(this.forceRefreshOnConnect);
    this.forceRefreshOnConnect = false;
    if (ws !== this.ws) return;
    this.awaitingAuth = true;
    if (token) this.authenticate(token);
    else this.becomeReady();
  }

  private becomeReady(): void {
    this.awaitingAuth = false;
    this.ready = true;
    this.attempts = 0;
    this.options.onReady();
    this.connection.set("open");
  }

  private received(ws: WebSocketLike, data: unknown): void {
    if (ws !== this.ws) return;
    this.heartbeat.received();
    const message = parseServerMessage(data);
    if (!message || message.type === "pong") return;
    if (message.type === "authenticated") {
      this.forcedRefreshFor = null;
      if (this.awaitingAuth) this.becomeReady();
    } else if (message.type === "auth_error") {
      void this.authFailed(ws, message.errorMessage);
    } else {
      this.options.onMessage(message);
    }
  }

  /** The server refused the token: refresh it once and retry, else go on signed out. */
  private async authFailed(ws: WebSocketLike, reason: string): Promise<void> {
    const failed = this.sentToken;
    if (failed && this.forcedRefreshFor !== failed) {
      this.forcedRefreshFor = failed;
      const next = await this.options.getToken(true);
      if (ws !== this.ws) return;
      if (next && next !== failed) {
        this.authenticate(next);
        return;
      }
    }
    console.warn(`The sync server did not accept the sign-in: ${reason}`);
    this.sentToken = null;
    if (this.awaitingAuth) this.becomeReady();
  }

  private authenticate(token: string): void {
    this.sentToken = token;
    this.send({ type: "authenticate", token });
  }

  /** Replaces the socket now (a dead one may take minutes to report itself). */
  private restart(code: number, reason: string, withBackoff: boolean): void {
    this.drop(code, reason);
    if (withBackoff) this.scheduleReconnect();
    else if (!this.stopped) this.open();
  }

  private drop(code: number, reason: string): void {
    const ws = this.ws;
    if (!ws) return;
    this.detach(ws);
    ws.close(code, reason);
  }

  private detach(ws: WebSocketLike): void {
    ws.onopen = null;
    ws.onmessage = null;
    ws.onclose = null;
    this.ws = null;
    this.ready = false;
    this.awaitingAuth = false;
    this.sentToken = null;
    this.heartbeat.stop();
    this.options.onLost();
  }

  /**
   * The session has its limit of sockets (other tabs): try again much later,
   * not in the usual quick steps, and say why. Until then the tab reads and
   * writes over HTTP.
   */
  private refused(reason: string): void {
    console.warn(`The sync server refused this tab's connection: ${reason}`);
    this.connection.refused(TOO_MANY_TABS_NOTICE);
    this.scheduleReconnect(refusedDelay(this.options.random));
  }

  private scheduleReconnect(delay?: number): void {
    this.connection.set("closed");
    if (this.stopped || this.reconnectTimer) return;
    const wait = delay ?? reconnectDelay(this.attempts++, this.options.random);
    this.reconnectTimer = setTimeout(() => this.open(), wait);
  }

  private clearReconnectTimer(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }
}

function parseServerMessage(data: unknown): ServerMessage | null {
  let json: unknown;
  try {
    json = JSON.parse(String(data));
  } catch {
    console.warn("The sync server sent a message that is not JSON");
    return null;
  }
  const parsed = serverMessageSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  console.warn("The sync server sent a message this client does not understand", parsed.error);
  return null;
}
