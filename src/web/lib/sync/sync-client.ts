import type { FunctionKind } from "#shared/api/define.ts";
import { isAppError } from "#shared/errors.ts";
import { type ClientMessage, MAX_SYNC_MESSAGE_BYTES } from "#shared/sync-protocol.ts";
import type { ConnectionSnapshot } from "./connection-state.ts";
import { callOverHttp, type FetchLike, toAppError } from "./http-transport.ts";
import { PendingRequests } from "./pending-requests.ts";
import { type SubscriptionListener, SubscriptionRegistry } from "./subscriptions.ts";
import { type ForwardedMessage, SyncSocket } from "./sync-socket.ts";
import type { WebSocketConstructor } from "./web-socket.ts";

export type { ConnectionSnapshot, ConnectionState } from "./connection-state.ts";

export type FetchToken = (options?: { forceRefresh?: boolean }) => Promise<string | null>;
export type FunctionArgs = Record<string, unknown>;
export type Transport = "socket" | "http";
type WriteMessage = Extract<ClientMessage, { type: "mutation" | "action" }>;

/** Longest a `preferSocket` query waits for a connecting socket before it asks over HTTP. */
const SOCKET_WAIT_MS = 3000;

export interface SyncClientOptions {
  /** Default: ws(s)://<this host>/api/sync. */
  url?: string;
  /** Prefix of the HTTP fallback URLs (default: same origin). */
  baseUrl?: string;
  WebSocketImpl?: WebSocketConstructor;
  fetchImpl?: FetchLike;
  fetchToken?: FetchToken;
  onTokenChange?: (listener: () => void) => () => void;
  onLongDisconnect?: () => void;
  onReconnectedAfterLongDisconnect?: () => void;
  random?: () => number;
}

/**
 * The tab's link to the function API (ARCHITECTURE "Data"): live query
 * subscriptions (de-duplicated, re-sent after every reconnect), one-shot
 * queries, mutations and actions over one WebSocket, and the HTTP fallback
 * while that socket is not open.
 */
export class SyncClient {
  private fetchToken: FetchToken = async () => null;
  private stopWatchingToken: (() => void) | null = null;
  private httpWrites = 0;
  private readonly subscriptions = new SubscriptionRegistry();
  private readonly requests = new PendingRequests();
  private readonly socket: SyncSocket;
  private readonly baseUrl: string;
  private readonly fetchImpl: FetchLike;

  constructor(options: SyncClientOptions = {}) {
    this.baseUrl = options.baseUrl ?? "";
    this.fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
    this.socket = new SyncSocket({
      url: options.url ?? defaultSocketUrl(),
      WebSocketImpl: options.WebSocketImpl ?? WebSocket,
      random: options.random ?? Math.random,
      getToken: (forceRefresh) => this.currentToken(forceRefresh),
      onReady: () => {
        for (const { id, path, args } of this.subscriptions.all()) {
          this.socket.send({ type: "subscribe", id, path, args, patches: true });
        }
      },
      onMessage: (message) => this.received(message),
      onLost: () => {
        this.subscriptions.forgetResults();
        this.requests.failAll();
      },
    });
    if (options.fetchToken) this.setAuth(options.fetchToken, options.onTokenChange);
    if (options.onLongDisconnect) this.onLongDisconnect(options.onLongDisconnect);
    const onReconnected = options.onReconnectedAfterLongDisconnect;
    if (onReconnected) this.onReconnectedAfterLongDisconnect(onReconnected);
  }

  /** Where the access token comes from; `onChange` says when it may have changed. */
  setAuth(fetchToken: FetchToken, onChange?: (listener: () => void) => () => void): void {
    this.fetchToken = fetchToken;
    this.stopWatchingToken?.();
    this.stopWatchingToken = onChange?.(() => void this.socket.tokenChanged()) ?? null;
    void this.socket.tokenChanged();
  }

  connect(): void {
    this.socket.start();
    globalThis.addEventListener?.("online", this.reconnectNow);
  }

  close(): void {
    this.socket.stop();
    this.stopWatchingToken?.();
    globalThis.removeEventListener?.("online", this.reconnectNow);
  }

  reconnectNow = (): void => this.socket.reconnectNow();

  getConnectionState = (): ConnectionSnapshot => this.socket.connection.get();
  subscribeConnectionState = (listener: () => void): (() => void) =>
    this.socket.connection.subscribe(listener);
  onLongDisconnect = (listener: () => void): (() => void) =>
    this.socket.connection.onLongDisconnect(listener);
  onReconnectedAfterLongDisconnect = (listener: () => void): (() => void) =>
    this.socket.connection.onReconnectedAfterLongDisconnect(listener);

  /** Mutations and actions not yet answered (the leave-page guard asks). */
  getInFlightCount = (): number => this.requests.size + this.httpWrites;

  /** A live query: `onValue` now (if known) and on every change; returns the unsubscribe. */
  subscribe(
    path: string,
    args: FunctionArgs,
    onValue: (value: unknown) => void,
    onError: SubscriptionListener["onError"],
  ): () => void {
    const listener: SubscriptionListener = { onValue, onError };
    const { subscription, created } = this.subscriptions.add(path, args, listener);
    const { id } = subscription;
    if (created && this.socket.isReady())
      this.socket.send({ type: "subscribe", id, path, args, patches: true });
    else if (subscription.result) onValue(subscription.result.value);
    return () => {
      if (this.subscriptions.remove(subscription, listener) && this.socket.isReady()) {
        this.socket.send({ type: "unsubscribe", id });
      }
    };
  }

  /**
   * A one-shot query: the live value when subscribed, the socket when open,
   * else HTTP. With `preferSocket`, a socket still connecting is waited for
   * first (HTTP only if it fails): for a query whose answer may be an error
   * users meet in normal use, such as a stale link's NOT_FOUND, which every
   * browser would log as a failed request over HTTP (status 560).
   */
  async query(
    path: string,
    args: FunctionArgs,
    options: { preferSocket?: boolean } = {},
  ): Promise<unknown> {
    const known = this.subscriptions.find(path, args)?.result;
    if (known) return known.value;
    if (options.preferSocket) await this.connectAttemptEnded();
    if (!this.socket.isReady()) return this.http("query", path, args);
    return new Promise((resolve, reject) => {
      let settled = false;
      let stop: (() => void) | undefined;
      const finish = (settle: () => void) => {
        if (settled) return;
        settled = true;
        settle();
        queueMicrotask(() => stop?.());
      };
      stop = this.subscribe(
        path,
        args,
        (value) => finish(() => resolve(value)),
        (error) => finish(() => reject(error)),
      );
    });
  }

  /** Resolves once the socket is ready, or at once when it is not connecting (or after a while). */
  private connectAttemptEnded(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        stop();
        clearTimeout(timer);
        resolve();
      };
      const check = () => {
        if (this.socket.isReady() || this.getConnectionState().state !== "connecting") done();
      };
      const stop = this.subscribeConnectionState(check);
      const timer = setTimeout(done, SOCKET_WAIT_MS);
      check();
    });
  }

  mutation(path: string, args: FunctionArgs): Promise<unknown> {
    return this.request("mutation", path, args).then((answer) => answer.value);
  }

  action(path: string, args: FunctionArgs): Promise<unknown> {
    return this.request("action", path, args).then((answer) => answer.value);
  }

  /** A mutation or action, saying which transport carried it (HTTP has no ordering guarantee). */
  async request(
    kind: "mutation" | "action",
    path: string,
    args: FunctionArgs,
  ): Promise<{ value: unknown; transport: Transport }> {
    const message: WriteMessage = { type: kind, requestId: "", path, args };
    if (!this.socket.isReady() || tooLargeForSocket(message)) {
      this.httpWrites++;
      try {
        return { value: await this.http(kind, path, args), transport: "http" };
      } finally {
        this.httpWrites--;
      }
    }
    const { requestId, promise } = this.requests.open();
    this.socket.send({ ...message, requestId });
    return { value: await promise, transport: "socket" };
  }

  private received(message: ForwardedMessage): void {
    if (message.type === "query_result") {
      this.subscriptions.deliverValue(message.id, message.value);
    } else if (message.type === "query_patch") {
      if (!this.subscriptions.deliverPatch(message.id, message.patch)) {
        // Nothing it fits (it should not happen): subscribing again sends the whole value.
        console.warn("A live update did not fit this tab's copy; asking for the whole value");
        const subscription = this.subscriptions.get(message.id);
        if (subscription && this.socket.isReady()) {
          const { id, path, args } = subscription;
          this.socket.send({ type: "subscribe", id, path, args, patches: true });
        }
      }
    } else if (message.type === "query_error") {
      const error = toAppError(message.errorMessage, message.errorData);
      this.subscriptions.deliverError(message.id, error);
    } else if (message.type === "result") {
      this.requests.settle(message);
    } else {
      console.warn(`The sync server rejected a message: ${message.errorMessage}`);
    }
  }

  /** Over HTTP; a token the server no longer takes is refreshed once and the call repeated. */
  private async http(kind: FunctionKind, path: string, args: FunctionArgs): Promise<unknown> {
    const { fetchImpl, baseUrl } = this;
    const call = (token: string | null) =>
      callOverHttp({ fetchImpl, baseUrl, kind, path, args, token });
    const token = await this.currentToken(false);
    try {
      return await call(token);
    } catch (error) {
      if (!token || !isAppError(error) || error.code !== "UNAUTHENTICATED") throw error;
      const fresh = await this.currentToken(true);
      if (!fresh || fresh === token) throw error;
      return call(fresh);
    }
  }

  private async currentToken(forceRefresh: boolean): Promise<string | null> {
    try {
      return await this.fetchToken(forceRefresh ? { forceRefresh } : undefined);
    } catch (error) {
      console.warn("Could not get the access token", error);
      return null;
    }
  }
}

function tooLargeForSocket(message: ClientMessage): boolean {
  const text = JSON.stringify(message);
  if (text.length * 3 < MAX_SYNC_MESSAGE_BYTES) return false;
  return new TextEncoder().encode(text).length > MAX_SYNC_MESSAGE_BYTES;
}

function defaultSocketUrl(): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === "https:" ? "wss:" : "ws:"}//${host}/api/sync`;
}
