import type { WebSocket } from "ws";
import type { FunctionKind } from "#shared/api/define.ts";
import { unauthenticated } from "#shared/errors.ts";
import { type ClientMessage, clientMessageSchema, SYNC_CLOSE } from "#shared/sync-protocol.ts";
import type { Services } from "../api/context.ts";
import { errorPayload } from "../api/error-payload.ts";
import { execute } from "../api/execute.ts";
import type { Registry } from "../api/registry.ts";
import type { Identity, RequestInfo } from "../auth/identity.ts";
import { type Caller, type LiveQueryHub, patchJson, type Subscriber } from "./live-query-hub.ts";
import { type SessionQuota, TOO_MANY_SOCKETS_REASON } from "./sync-limits.ts";

const ERROR_BUDGET = 50;
/** Encoded messages kept per live result (one per subscription id the sockets use). */
const MAX_FRAMES_PER_RESULT = 8;

interface Subscription {
  path: string;
  args: Record<string, unknown>;
  /** The client takes `query_patch` messages for it (decision 035). */
  patches: boolean;
  subscriber: Subscriber;
  unsubscribe: () => void;
  redeliver: () => void;
}

/**
 * One client's WebSocket: authentication, subscriptions, mutations and
 * actions. A bad message gets an `error` reply; a client that keeps sending
 * them is closed. Nothing a client sends can take the server down.
 */
export class SyncConnection {
  readonly #ws: WebSocket;
  readonly #services: Services;
  readonly #registry: Registry;
  readonly #hub: LiveQueryHub;
  readonly #request: RequestInfo;
  readonly #subscriptions = new Map<string, Subscription>();
  readonly #inFlight: { count: number };
  readonly #quota: SessionQuota<SyncConnection>;
  #caller: (Caller & { expiresAt: number }) | null = null;
  #errors = 0;
  /** Closed by the server for going over a limit: what it still sends is ignored. */
  #refused = false;
  alive = true;

  constructor(options: {
    ws: WebSocket;
    services: Services;
    registry: Registry;
    hub: LiveQueryHub;
    quota: SessionQuota<SyncConnection>;
    request: RequestInfo;
    inFlight: { count: number };
  }) {
    this.#quota = options.quota;
    this.#inFlight = options.inFlight;
    this.#ws = options.ws;
    this.#services = options.services;
    this.#registry = options.registry;
    this.#hub = options.hub;
    this.#request = options.request;
  }

  get caller(): Caller | null {
    return this.#caller;
  }

  get isOpen(): boolean {
    return this.#ws.readyState === this.#ws.OPEN;
  }

  get subscriptionCount(): number {
    return this.#subscriptions.size;
  }

  #chain: Promise<void> = Promise.resolve();

  /** Messages are handled in order; mutations and actions then run side by side. */
  handle(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): Promise<void> {
    this.#chain = this.#chain.then(() => this.#handleNow(data, isBinary));
    return this.#chain;
  }

  async #handleNow(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): Promise<void> {
    if (this.#refused) return;
    if (isBinary) return this.#reject("Binary messages are not supported.");
    let json: unknown;
    try {
      json = JSON.parse(
        Buffer.isBuffer(data)
          ? data.toString("utf8")
          : Buffer.concat(data as Buffer[]).toString("utf8"),
      );
    } catch {
      return this.#reject("Malformed message: not valid JSON.");
    }
    const parsed = clientMessageSchema.safeParse(json);
    if (!parsed.success) {
      const detail = parsed.error.issues[0];
      return this.#reject(
        `Malformed message: ${detail ? `${detail.path.join(".") || "message"} ${detail.message}` : "unknown shape"}.`,
      );
    }
    try {
      await this.#dispatch(parsed.data);
    } catch (error) {
      this.#send({ type: "error", ...this.#errorBody(error) });
    }
  }

  async #dispatch(message: ClientMessage): Promise<void> {
    switch (message.type) {
      case "ping":
        return this.#send({ type: "pong" });
      case "authenticate":
        return this.#authenticate(message.token);
      case "subscribe":
        return this.#subscribe(message.id, message.path, message.args, message.patches === true);
      case "unsubscribe": {
        this.#subscriptions.get(message.id)?.unsubscribe();
        this.#subscriptions.delete(message.id);
        return;
      }
      case "mutation":
      case "action":
        void this.#call(message.type, message.requestId, message.path, message.args);
        return;
    }
  }

  async #authenticate(token: string): Promise<void> {
    let next: (Caller & { expiresAt: number }) | null = null;
    try {
      const identity = await this.#services.auth.identify(token);
      if (!this.#admit(identity.sessionId)) return;
      next = {
        userId: identity.userId,
        sessionId: identity.sessionId,
        expiresAt: identity.expiresAt,
      };
      this.#send({ type: "authenticated", userId: identity.userId });
    } catch (error) {
      const body = this.#errorBody(error);
      this.#send({ type: "auth_error", ...body });
    }
    this.#setCaller(next);
  }

  /**
   * Takes a slot among the session's sockets on this instance; when it has
   * none left, closes this socket with `tooManyConnections` (and says false).
   */
  #admit(sessionId: string): boolean {
    if (this.#caller?.sessionId === sessionId || this.#quota.join(sessionId, this)) return true;
    this.#refused = true;
    this.#services.log.warn({ sessionId }, "sync socket refused: session has too many sockets");
    this.#ws.close(SYNC_CLOSE.tooManyConnections, TOO_MANY_SOCKETS_REASON);
    return false;
  }

  /** Session checks under way; live results are held back while any is. */
  #checks = 0;

  get #suspended(): boolean {
    return this.#checks > 0;
  }

  /** Hold live results back while the session is re-checked. */
  suspend(): void {
    this.#checks++;
  }

  /** A check found the session valid: send what was held back once none is pending. */
  resume(): void {
    if (this.#checks === 0) return;
    this.#checks--;
    if (this.#checks === 0) for (const sub of this.#subscriptions.values()) sub.redeliver();
  }

  /** The session ended (signed out elsewhere, revoked, user disabled). */
  endSession(error: unknown): void {
    this.#checks = 0;
    if (!this.#caller) return;
    this.#send({ type: "auth_error", ...this.#errorBody(error) });
    this.#setCaller(null);
  }

  #setCaller(next: (Caller & { expiresAt: number }) | null): void {
    const before = this.#caller;
    this.#caller = next;
    if (before?.sessionId === next?.sessionId) return;
    // The new session's slot was taken by #admit.
    if (before) this.#quota.leave(before.sessionId, this);
    // Subscriptions are grouped per session: move them to the new caller.
    const current = [...this.#subscriptions];
    for (const [id, sub] of current) {
      sub.unsubscribe();
      this.#subscriptions.delete(id);
    }
    for (const [id, sub] of current) this.#subscribe(id, sub.path, sub.args, sub.patches);
  }

  #subscribe(id: string, path: string, args: Record<string, unknown>, patches: boolean): void {
    this.#subscriptions.get(id)?.unsubscribe();
    this.#subscriptions.delete(id);
    const refusal = this.#quota.subscriptionRefusal(this.#caller?.sessionId ?? null, this);
    if (refusal) {
      this.#send({ type: "query_error", id, ...this.#errorBody(refusal) });
      return;
    }
    const idJson = JSON.stringify(id);
    const subscriber: Subscriber = {
      send: (result) => {
        if (this.#suspended) return false;
        if (this.#ws.readyState !== this.#ws.OPEN) return true;
        // A client that has the result this one replaced gets what changed, when that is
        // smaller (decision 035); the same bytes for every socket of the group using this id.
        const patch =
          patches && result.base !== undefined && subscriber.lastSent === result.base
            ? patchJson(result)
            : null;
        if (patch !== null) {
          let frame = result.patchFrames?.get(idJson);
          if (!frame) {
            frame = Buffer.from(`{"type":"query_patch","id":${idJson},"patch":${patch}}`);
            result.patchFrames ??= new Map();
            if (result.patchFrames.size < MAX_FRAMES_PER_RESULT)
              result.patchFrames.set(idJson, frame);
          }
          this.#ws.send(frame, { binary: false });
          return frame.length;
        }
        // Encoded once per result and subscription id, whatever the number of sockets.
        let frame = result.frames?.get(idJson);
        if (!frame) {
          frame = Buffer.from(
            result.kind === "value"
              ? `{"type":"query_result","id":${idJson},"value":${result.json}}`
              : `{"type":"query_error","id":${idJson},${result.json.slice(1)}`,
          );
          result.frames ??= new Map();
          if (result.frames.size < MAX_FRAMES_PER_RESULT) result.frames.set(idJson, frame);
        }
        this.#ws.send(frame, { binary: false });
        return true;
      },
    };
    try {
      const live = this.#hub.subscribe(this.#caller, path, args, subscriber);
      this.#subscriptions.set(id, { path, args, patches, subscriber, ...live });
    } catch (error) {
      this.#send({ type: "query_error", id, ...this.#errorBody(error) });
    }
  }

  async #call(kind: FunctionKind, requestId: string, path: string, args: Record<string, unknown>) {
    this.#inFlight.count++;
    try {
      await this.#callNow(kind, requestId, path, args);
    } finally {
      this.#inFlight.count--;
    }
  }

  async #callNow(
    kind: FunctionKind,
    requestId: string,
    path: string,
    args: Record<string, unknown>,
  ) {
    try {
      const identity = await this.#identity();
      const output = await execute(this.#services, this.#registry, {
        kind,
        path,
        args,
        identity,
        request: this.#request,
      });
      // Send the result only after live queries on this socket reflect it.
      await this.#hub.waitForMarkers(output.markers);
      this.#send({
        type: "result",
        requestId,
        status: "success",
        value: output.value ?? null,
        logLines: output.logLines,
      });
    } catch (error) {
      this.#send({
        type: "result",
        requestId,
        status: "error",
        ...this.#errorBody(error),
        logLines: [],
      });
    }
  }

  async #identity(): Promise<Identity | null> {
    const caller = this.#caller;
    if (!caller) return null;
    if (caller.expiresAt <= Date.now()) {
      throw unauthenticated("token_expired");
    }
    return this.#services.auth.loadIdentity(caller.userId, caller.sessionId);
  }

  #errorBody(error: unknown) {
    return errorPayload(error, this.#services.log);
  }

  #reject(errorMessage: string): void {
    this.#errors++;
    this.#send({ type: "error", errorMessage, errorData: { code: "BAD_REQUEST" } });
    if (this.#errors > ERROR_BUDGET)
      this.#ws.close(SYNC_CLOSE.tooManyErrors, "Too many malformed messages");
  }

  #send(message: object): void {
    this.#sendRaw(JSON.stringify(message));
  }

  #sendRaw(text: string): void {
    if (this.#ws.readyState === this.#ws.OPEN) this.#ws.send(text);
  }

  /** The socket closed: give back its subscriptions and its session slot. */
  close(): void {
    for (const sub of this.#subscriptions.values()) sub.unsubscribe();
    this.#subscriptions.clear();
    if (this.#caller) this.#quota.leave(this.#caller.sessionId, this);
  }
}
