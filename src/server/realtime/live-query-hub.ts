import type { BatchedResults, Services, SharedResults } from "../api/context.ts";
import { errorPayload } from "../api/error-payload.ts";
import { execute, parseArgs, resolveFunction } from "../api/execute.ts";
import type { Registry } from "../api/registry.ts";
import type { Identity } from "../auth/identity.ts";
import {
  dependencyKeys,
  newTracker,
  type ReadTracker,
  recordReads,
  runTracked,
  runUntracked,
} from "../db/read-tracker.ts";
import { onLiveConnection } from "../db/database.ts";
import { diffValues, type LivePatch } from "#shared/live-patch.ts";
import { keysForChange, parseNotification, type RowChange, stableStringify } from "./changes.ts";
import { Limiter } from "./limiter.ts";
import { LiveStats, takeCommitted } from "./live-stats.ts";

/**
 * One socket's subscription; the hub calls it with the group's latest result.
 * `send` returns false when the socket holds deliveries back (its session is
 * being re-checked); the hub then delivers again on `redeliver`. Otherwise it
 * returns true when it sent the whole value (`result.json`), or the number of
 * bytes it sent when that was a patch against `lastSent` (see LiveResult.base).
 */
export interface Subscriber {
  /** The group's result this subscriber was last sent (the same object while it is unchanged). */
  lastSent?: LiveResult;
  send(result: LiveResult): boolean | number;
}

/**
 * A group's latest result. A value's JSON text is made the first time a subscriber needs the
 * whole value (a new subscriber, or a patch not worth sending): most re-runs reach every
 * subscriber as a patch, and the run compares values with `diffValues`, not by their text
 * (decision 035, "The whole text only when asked").
 */
export class LiveResult {
  readonly kind: "value" | "error";
  /** The value itself (kind "value"): what the next result's patch is computed against. */
  readonly value: unknown;
  #json: string | undefined;
  /** The size of the last whole text made in this result's line (see `size`). */
  #sizeHint: number | undefined;
  /**
   * The group's result this one replaced, when both are values (decision 035): a subscriber
   * whose lastSent is `base` may be sent `patchJson()` instead of the whole value. Only the
   * latest result keeps its base (one step of history per group).
   */
  base?: LiveResult;
  /** What changed from `base`, found when the run compared the two. */
  diff?: LivePatch;
  /** The patch from `base` as JSON, once computed; null when it is not worth sending. */
  patch?: string | null;
  /**
   * The result's messages as sent, by subscription id (sync-connection.ts): every socket of a
   * group that uses the same id gets the same bytes, encoded once (decision 034, "Where a
   * push's time goes"). Lives as long as the result; a few ids at most.
   */
  frames?: Map<string, Buffer>;
  /** The patch's messages, by subscription id, as `frames`. */
  patchFrames?: Map<string, Buffer>;

  private constructor(kind: "value" | "error", value: unknown, json: string | undefined) {
    this.kind = kind;
    this.value = value;
    this.#json = json;
  }

  /** A value; `previous` (the result it follows, if any) gives the size its patches are weighed by. */
  static value(value: unknown, previous?: LiveResult): LiveResult {
    const result = new LiveResult("value", value, undefined);
    if (previous) result.#sizeHint = previous.size;
    return result;
  }

  /** An error, as the JSON text of its payload. */
  static error(json: string): LiveResult {
    return new LiveResult("error", undefined, json);
  }

  /** The whole value (or error) as JSON text, made on first use. */
  get json(): string {
    this.#json ??= JSON.stringify(this.value);
    return this.#json;
  }

  /**
   * The length of the whole text: exact once it is made, else that of the last one made for
   * the results it follows (a page a few rows longer or shorter than it was; a patch is weighed
   * against it, see PATCH_MAX_SHARE). The first result of a group has none and makes its text.
   */
  get size(): number {
    if (this.#json !== undefined) return this.#json.length;
    return this.#sizeHint ?? this.json.length;
  }
}

/** A patch is sent instead of the value only when it is at most this share of the value's size. */
const PATCH_MAX_SHARE = 0.5;

/**
 * The patch from `result.base` to `result` as JSON (computed once per result), or null when
 * there is no base or the patch is not much smaller than the value (decision 035).
 */
export function patchJson(result: LiveResult): string | null {
  if (result.patch !== undefined) return result.patch;
  const base = result.base;
  let patch: string | null = null;
  if (base && base.kind === "value" && result.kind === "value") {
    const diff = result.diff ?? diffValues(base.value, result.value);
    if (diff) {
      const json = JSON.stringify(diff);
      if (json.length <= result.size * PATCH_MAX_SHARE) patch = json;
    }
  }
  result.patch = patch;
  return patch;
}

export interface LiveSubscription {
  unsubscribe(): void;
  /** Send the latest result if this subscriber has not had it. */
  redeliver(): void;
}

export interface Caller {
  userId: string;
  sessionId: string;
}

interface Group {
  key: string;
  path: string;
  args: unknown;
  caller: Caller | null;
  global: boolean;
  deps: Set<string>;
  subscribers: Set<Subscriber>;
  last?: LiveResult;
  running: boolean;
  dirty: boolean;
  /** When it turned dirty (or its first run was asked for), for the stage timings. */
  dirtyAt?: number;
  /** When the hub heard the first change its next run answers (changeToPushed). */
  changeAt?: number;
  settled?: Promise<void>;
}

/** A caller-independent sub-result shared by the groups that ask for its key. */
interface SharedEntry {
  key: string;
  /**
   * The run that computes it: that run's token, an empty object of its own. Not anything the
   * run holds (its list of entries used, say): an entry kept for minutes would keep that, and
   * through it the entries it lists and their values, and theirs in turn, a chain that grew
   * with every run (decision 033, "A chain of shared sub-results").
   */
  owner: object;
  /** The change sequence when its computation started. */
  startSeq: number;
  tracker: ReadTracker;
  /** Its dependency keys, once computed. */
  deps: Set<string>;
  promise: Promise<unknown>;
  /** Its computation has ended (a run that finds it so has nothing to wait for). */
  settled: boolean;
  /**
   * No change touched it from its start to its end, and it is (or was) kept: the change feed
   * drops it at the first change to what it read, so it is current for as long as it is found.
   */
  kept: boolean;
}

/** Groups' inputs waiting to be read in one statement (see BatchedResults). */
interface PendingBatch {
  /** The function whose runs ask for it. */
  path: string;
  key: string;
  inputs: unknown[];
  /** When each input joined (the batch's gathering time, LiveStats.batchGatherMs). */
  joinedAt: number[];
  waiters: Array<{
    resolve: (answer: { value: unknown; tables: string[] }) => void;
    reject: (error: unknown) => void;
  }>;
  run: (inputs: unknown[]) => Promise<unknown[]>;
  /** When the first input came. */
  startedAt: number;
}

const RECENT_CHANGES_MAX = 20_000;
/**
 * A batch runs once no other run of its function is on the way (started and not yet in a
 * batch: it may be going to join), or once it has waited this long, or is this big.
 */
const BATCH_MAX_WAIT_MS = 20;
/** Users' identities kept at most (all dropped at once beyond it). */
const IDENTITIES_MAX = 50_000;
const BATCH_MAX_SIZE = 1000;
/**
 * Shared sub-results kept at most, least recently used first out: a page of up to 200 rows per
 * folder page watched, and a member's part of it (a rank and a star per row) per member watching
 * it (decision 034, "Members' parts kept"). A group that holds one it has started with keeps it
 * until its run ends.
 */
const SHARED_MAX = 2048;
const MARKER_TIMEOUT_MS = 5000;

/**
 * Live queries. Identical subscriptions (same function, args and session)
 * share one group. Each run records the tables (or rows) it read; a committed
 * change re-runs only the groups whose dependencies it touches, and a result
 * is sent only to subscribers that have not seen that exact value.
 */
export class LiveQueryHub {
  readonly #services: Services;
  readonly #registry: Registry;
  readonly #groups = new Map<string, Group>();
  readonly #byDep = new Map<string, Set<Group>>();
  readonly #limiter = new Limiter(16);
  readonly #recent: Array<{ seq: number; keys: string[] }> = [];
  readonly #markerWaiters = new Map<string, () => void>();
  readonly #seenMarkers = new Set<string>();
  readonly #changeListeners = new Set<(change: RowChange) => void>();
  readonly #runListeners = new Set<(path: string, userId: string | null) => void>();
  readonly #shared = new Map<string, SharedEntry>();
  readonly #sharedByDep = new Map<string, Set<SharedEntry>>();
  readonly #batches = new Map<string, PendingBatch>();
  /** Callers' user rows by user id (see #identity). */
  readonly #identities = new Map<string, Identity>();
  /** Runs of each function started and not yet in a batch (nor ended). */
  readonly #onTheWay = new Map<string, number>();
  readonly stats = new LiveStats();
  #stopStats: (() => void) | undefined;
  #seq = 0;
  /** Notifications not handled yet, with when each was heard (notifyToFlush). */
  #queue: Array<{ payload: string; at: number }> = [];
  #processing: Promise<void> = Promise.resolve();

  constructor(services: Services, registry: Registry) {
    this.#services = services;
    this.#registry = registry;
    const statsFile = services.config.liveStatsFile;
    if (statsFile)
      this.#stopStats = this.stats.writeEvery(statsFile, 1000, () => this.#groups.size);
  }

  /** Stop writing the counters (LIVE_STATS_FILE), writing them a last time. */
  close(): void {
    this.#stopStats?.();
    this.#stopStats = undefined;
  }

  get groupCount(): number {
    return this.#groups.size;
  }

  /** Called as each group's run starts, with its function and its user (tests count runs). */
  onRun(listener: (path: string, userId: string | null) => void): () => void {
    this.#runListeners.add(listener);
    return () => this.#runListeners.delete(listener);
  }

  onChange(listener: (change: RowChange) => void): () => void {
    this.#changeListeners.add(listener);
    return () => this.#changeListeners.delete(listener);
  }

  /**
   * Subscribe to a query. Throws (synchronously checked) for an unknown
   * function or bad args; otherwise the first result arrives through `send`.
   */
  subscribe(
    caller: Caller | null,
    path: string,
    args: unknown,
    subscriber: Subscriber,
  ): LiveSubscription {
    const fn = resolveFunction(this.#registry, "query", path);
    const parsed = parseArgs(fn, args);
    // Results depend on the user (organization, role), not on which of their
    // sessions asks: sockets check their own session (see sync-server.ts).
    const key = `${path}\u0000${stableStringify(parsed)}\u0000${caller?.userId ?? "anonymous"}`;
    let group = this.#groups.get(key);
    if (!group) {
      group = {
        key,
        path,
        args: parsed,
        caller,
        global: fn.liveScope === "global",
        deps: new Set(),
        subscribers: new Set(),
        running: false,
        dirty: false,
      };
      this.#groups.set(key, group);
      group.subscribers.add(subscriber);
      void this.#refresh(group);
    } else {
      group.subscribers.add(subscriber);
      if (group.last && !group.running) this.#deliver(group, subscriber);
    }
    const created = group;
    return {
      unsubscribe: () => {
        created.subscribers.delete(subscriber);
        if (created.subscribers.size === 0) this.#drop(created);
      },
      redeliver: () => {
        if (created.subscribers.has(subscriber) && !created.running)
          this.#deliver(created, subscriber);
      },
    };
  }

  /**
   * The caller of a group's run: the user's row (organization, role, disabled) as this hub last
   * read it, dropped when the change feed reports a change to that user (before the groups that
   * change re-runs) or may have missed one (refreshAll); a read that a change overtook is not
   * kept. Sessions are each socket's own check (sync-server.ts): the group is the user's.
   */
  async #identity(userId: string, sessionId: string): Promise<Identity> {
    const known = this.#identities.get(userId);
    if (known) return { ...known, sessionId };
    const since = this.#seq;
    const identity = await runUntracked(() =>
      this.#services.auth.loadUserIdentity(userId, sessionId),
    );
    if (!this.#changedSince(since, new Set([`users:id:${userId}`, "users:*"]))) {
      if (this.#identities.size >= IDENTITIES_MAX) this.#identities.clear();
      this.#identities.set(userId, identity);
    }
    return identity;
  }

  /**
   * Feed a raw notification payload from the change bus. What arrives while the groups of the
   * previous batch still run is handled together once they are done (a wave): starting each
   * batch's runs at once instead was measured and reverted (decision 034, "Where a push's time
   * goes": 35 % more re-runs and live statements per write, the work moved from this queue to
   * the limiter and the statements, live latency no better).
   */
  notify(payload: string): void {
    this.#queue.push({ payload, at: performance.now() });
    if (this.#queue.length === 1) {
      this.#processing = this.#processing
        .then(() => new Promise((r) => setImmediate(r)))
        .then(() => this.#flush());
    }
  }

  /** Re-run every group (after the change bus may have missed notifications). */
  refreshAll(): Promise<void> {
    this.#identities.clear();
    for (const entry of [...this.#shared.values()]) this.#dropShared(entry);
    return Promise.all([...this.#groups.values()].map((g) => this.#refresh(g))).then(
      () => undefined,
    );
  }

  /**
   * Resolve once the given transactions' changes have been applied to every
   * live query on this instance (and their results sent).
   */
  async waitForMarkers(markers: string[]): Promise<void> {
    await Promise.all(
      markers.map((marker) => {
        if (this.#seenMarkers.delete(marker)) return undefined;
        return new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            this.#markerWaiters.delete(marker);
            this.#services.log.warn({ marker }, "change marker not seen in time");
            resolve();
          }, MARKER_TIMEOUT_MS);
          this.#markerWaiters.set(marker, () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }),
    );
  }

  async #flush(): Promise<void> {
    const batch = this.#queue;
    this.#queue = [];
    /** The groups to run, each with the first change heard that it answers. */
    const affected = new Map<Group, number>();
    const markers: string[] = [];
    const flushAt = performance.now();
    for (const { payload, at } of batch) {
      this.stats.stages.notifyToFlush.add(flushAt - at);
      const notification = parseNotification(payload);
      if (!notification) continue;
      if (notification.kind === "marker") {
        this.stats.transactions++;
        markers.push(notification.marker);
        // Committed by this process: how long the change feed took to bring it back.
        const committed = takeCommitted(notification.marker);
        if (committed !== undefined) this.stats.stages.commitToNotify.add(at - committed);
        continue;
      }
      this.stats.changes++;
      const { change } = notification;
      if (change.t === "users") {
        if (change.i) this.#identities.delete(change.i);
        else this.#identities.clear();
      }
      const keys = keysForChange(change);
      this.#remember(keys);
      for (const key of keys) {
        for (const entry of this.#sharedByDep.get(key) ?? []) {
          this.stats.sharedInvalidated++;
          this.#dropShared(entry);
        }
        for (const group of this.#byDep.get(key) ?? [])
          if (!affected.has(group)) affected.set(group, at);
      }
      for (const listener of this.#changeListeners) listener(notification.change);
    }
    await Promise.all([...affected].map(([group, at]) => this.#refresh(group, at)));
    for (const marker of markers) {
      const waiter = this.#markerWaiters.get(marker);
      if (waiter) {
        this.#markerWaiters.delete(marker);
        waiter();
      } else {
        // The notification can beat the mutation's own return: remember it briefly.
        this.#seenMarkers.add(marker);
        setTimeout(() => this.#seenMarkers.delete(marker), MARKER_TIMEOUT_MS).unref();
      }
    }
  }

  #remember(keys: string[]): void {
    this.#seq++;
    this.#recent.push({ seq: this.#seq, keys });
    if (this.#recent.length > RECENT_CHANGES_MAX) this.#recent.splice(0, this.#recent.length / 2);
  }

  /** Did a change newer than `since` touch these dependencies? */
  #changedSince(since: number, deps: Set<string>): boolean {
    const oldest = this.#recent[0];
    if (this.#seq > since && (!oldest || oldest.seq > since + 1)) return true;
    for (let i = this.#recent.length - 1; i >= 0; i--) {
      const entry = this.#recent[i]!;
      if (entry.seq <= since) break;
      if (entry.keys.some((k) => deps.has(k))) return true;
    }
    return false;
  }

  #markDirty(group: Group, changeAt?: number): void {
    if (!group.dirty) group.dirtyAt = performance.now();
    group.dirty = true;
    if (changeAt !== undefined && (group.changeAt === undefined || changeAt < group.changeAt))
      group.changeAt = changeAt;
  }

  /** Run the group (again once its run ends, if it is running); `changeAt`: the change heard. */
  #refresh(group: Group, changeAt?: number): Promise<void> {
    if (group.running) {
      this.#markDirty(group, changeAt);
      return group.settled ?? Promise.resolve();
    }
    group.running = true;
    group.dirty = false;
    this.#markDirty(group, changeAt);
    group.settled = (async () => {
      do {
        const stats = this.stats;
        stats.waiting = this.#limiter.waiting + 1;
        if (stats.waiting > stats.maxWaiting) stats.maxWaiting = stats.waiting;
        // The live path's statements take the live pool's connections (PostgreSQL), timed.
        await onLiveConnection(stats, () =>
          this.#limiter.run((release) => {
            // A change heard until now is committed, so this run's statements (all after this)
            // see it: it needs no run of its own. Clearing the flag at the slot and not before
            // the wait for it saves a re-run per change that lands while a group queues.
            const dirtyAt = group.dirtyAt ?? performance.now();
            const changedAt = group.changeAt;
            group.dirty = false;
            group.changeAt = undefined;
            return this.#runOnce(group, release, dirtyAt, changedAt);
          }),
        );
      } while (group.dirty && this.#groups.get(group.key) === group);
      group.running = false;
      // A subscriber that joined (or was resumed) after the last delivery but
      // while `running` was still set was told to wait for this run: send it
      // the result now (the others have it already, so they get nothing).
      for (const subscriber of group.subscribers) this.#deliver(group, subscriber);
    })();
    return group.settled;
  }

  async #runOnce(
    group: Group,
    slot: () => void,
    dirtyAt: number,
    changeAt: number | undefined,
  ): Promise<void> {
    // On its way to a batch until it joins one or ends: a batch of this function waits for it.
    let onTheWay = true;
    this.#onTheWay.set(group.path, (this.#onTheWay.get(group.path) ?? 0) + 1);
    const release = () => {
      if (onTheWay) {
        onTheWay = false;
        this.#onTheWay.set(group.path, (this.#onTheWay.get(group.path) ?? 1) - 1);
      }
      slot();
    };
    try {
      await this.#runOnceInSlot(group, release, dirtyAt, changeAt);
    } finally {
      release();
    }
  }

  async #runOnceInSlot(
    group: Group,
    release: () => void,
    dirtyAt: number,
    changeAt: number | undefined,
  ): Promise<void> {
    const since = this.#seq;
    for (const listener of this.#runListeners) listener(group.path, group.caller?.userId ?? null);
    const started = performance.now();
    const tracker = newTracker();
    let organizationId: string | null = null;
    const used: SharedEntry[] = [];
    const token = {};
    // The run depends on what its shared sub-results read, from when they started reading it.
    const shared: SharedResults = async (key, compute) => {
      const entry = this.#sharedEntry(
        `${organizationId ?? ""}\u0000${key}`,
        compute,
        organizationId,
        token,
      );
      used.push(entry);
      // Waiting for another run's computation needs no connection: the slot goes to a run that
      // does (what follows a shared sub-result is batched, see SharedResults).
      // One already computed (kept) is no wait: the run goes on in its slot.
      if (entry.owner === token || entry.settled) return (await entry.promise) as never;
      release();
      const waitFrom = performance.now();
      try {
        return (await entry.promise) as never;
      } finally {
        this.stats.stages.sharedWait.add(performance.now() - waitFrom);
      }
    };
    // A batch waits for the other groups of its key: not in a limiter slot they need to get
    // there. Its reads are this run's, from this run's start (the check below).
    const batched: BatchedResults = async (key, input, run) => {
      release();
      const answer = await this.#joinBatch(
        group.path,
        `${organizationId ?? ""}\u0000${key}`,
        input,
        run as (inputs: unknown[]) => Promise<unknown[]>,
      );
      recordReads(...answer.tables);
      return answer.value as never;
    };
    let result: LiveResult;
    try {
      let identity: Identity | null = null;
      if (group.caller) {
        const { userId, sessionId } = group.caller;
        identity = await this.#identity(userId, sessionId);
        organizationId = identity.organizationId;
      }
      const output = await execute(this.#services, this.#registry, {
        kind: "query",
        path: group.path,
        args: group.args,
        identity,
        request: { ip: null, userAgent: null },
        tracker,
        shared,
        batched,
      });
      result = LiveResult.value(output.value ?? null, group.last);
    } catch (error) {
      result = LiveResult.error(
        JSON.stringify(errorPayload(error, this.#services.log, { fn: group.path })),
      );
    }
    const previous = group.last;
    // Compared with the result it follows: two values by what changed (the patch most
    // subscribers are sent), two errors by their text.
    const compareFrom = performance.now();
    let unchanged = false;
    if (previous?.kind === "value" && result.kind === "value") {
      const diff = diffValues(previous.value, result.value);
      if (diff) result.diff = diff;
      else unchanged = true;
    } else if (previous?.kind === "error" && result.kind === "error") {
      unchanged = previous.json === result.json;
    }
    const resultAt = performance.now();
    this.stats.stages.serialise.add(resultAt - compareFrom);
    this.stats.recordRun(group.path, tracker.statements, resultAt - started, unchanged);
    if (this.#groups.get(group.key) !== group) return;
    const global = group.global || !organizationId;
    const deps = new Set(dependencyKeys(tracker, { organizationId, global }));
    for (const entry of used) for (const dep of entry.deps) deps.add(dep);
    if (group.caller) {
      deps.add(`users:id:${group.caller.userId}`);
    }
    this.#setDeps(group, deps);
    // Its own reads from its start; a shared sub-result's from that one's start (a change
    // that landed while it was computed). A kept one needs no look back: nothing touched it up to
    // its keeping, and from then on the feed drops it at the first change (or, after this run's
    // start, this run's own check sees it). Looking back from its start anyway asked about
    // changes older than the window of recent ones once it had been kept long enough, got "yes"
    // every time, and ran the group again forever while #flush waited for it.
    if (
      this.#changedSince(since, deps) ||
      used.some((entry) => !entry.kept && this.#changedSince(entry.startSeq, entry.deps))
    )
      this.#markDirty(group);
    // An unchanged result stays the same object: subscribers that have it get nothing, without
    // comparing its text once per subscriber.
    if (!unchanged) {
      // One step of history: the new result's patch is against the one it replaces.
      if (previous) {
        previous.base = undefined;
        previous.diff = undefined;
      }
      if (previous?.kind === "value" && result.kind === "value") result.base = previous;
      group.last = result;
    }
    const pushesBefore = this.stats.pushes;
    for (const subscriber of group.subscribers) this.#deliver(group, subscriber);
    const pushedAt = performance.now();
    this.stats.recordStages(dirtyAt, started, resultAt, pushedAt);
    if (changeAt !== undefined && this.stats.pushes > pushesBefore)
      this.stats.stages.changeToPushed.add(pushedAt - changeAt);
  }

  /**
   * The shared sub-result for `key`: the one being computed or kept, else a new computation.
   * A kept one is dropped as soon as a change touches what it read; one that a change
   * touched while it was computed is never kept (the runs that used it see that change in
   * their own dependencies, from the sub-result's start, and run again).
   */
  #sharedEntry(
    key: string,
    compute: () => Promise<unknown>,
    organizationId: string | null,
    owner: object,
  ): SharedEntry {
    const found = this.#shared.get(key);
    if (found) {
      this.stats.sharedReused++;
      // Most recently used last: the map's order is the eviction order.
      this.#shared.delete(key);
      this.#shared.set(key, found);
      return found;
    }
    const entry: SharedEntry = {
      key,
      owner,
      startSeq: this.#seq,
      tracker: newTracker(),
      deps: new Set(),
      promise: Promise.resolve(),
      settled: false,
      kept: false,
    };
    this.#shared.set(key, entry);
    this.stats.sharedComputed++;
    if (this.#shared.size > SHARED_MAX) {
      const oldest = this.#shared.values().next().value;
      if (oldest) this.#dropShared(oldest);
    }
    entry.promise = (async () => {
      const computeFrom = performance.now();
      try {
        // Awaited inside the tracked scope: a query builder runs when awaited, not when built.
        const value = await runUntracked(() =>
          runTracked(entry.tracker, async () => await compute()),
        );
        this.stats.sharedStatements += entry.tracker.statements;
        const global = !organizationId;
        entry.deps = new Set(dependencyKeys(entry.tracker, { organizationId, global }));
        if (this.#shared.get(key) === entry) {
          if (this.#changedSince(entry.startSeq, entry.deps)) this.#dropShared(entry);
          else {
            entry.kept = true;
            for (const dep of entry.deps) {
              const set = this.#sharedByDep.get(dep) ?? new Set<SharedEntry>();
              this.#sharedByDep.set(dep, set);
              set.add(entry);
            }
          }
        }
        return value;
      } catch (error) {
        this.#dropShared(entry);
        throw error;
      } finally {
        entry.settled = true;
        this.stats.stages.sharedCompute.add(performance.now() - computeFrom);
      }
    })();
    // Awaited by every run that uses it; a failure is theirs to report.
    entry.promise.catch(() => undefined);
    return entry;
  }

  /**
   * Add `input` to the pending batch of `key` (a new one if none waits): its `run` reads every
   * input in one statement once the batch closes, and each input gets the answer at its place.
   */
  #joinBatch(
    path: string,
    key: string,
    input: unknown,
    run: (inputs: unknown[]) => Promise<unknown[]>,
  ): Promise<{ value: unknown; tables: string[] }> {
    let batch = this.#batches.get(key);
    if (!batch) {
      batch = {
        path,
        key,
        inputs: [],
        joinedAt: [],
        waiters: [],
        run,
        startedAt: performance.now(),
      };
      this.#batches.set(key, batch);
      const pending = batch;
      setImmediate(() => this.#closeBatchWhenReady(pending));
    }
    batch.inputs.push(input);
    batch.joinedAt.push(performance.now());
    const joined = batch;
    const answer = new Promise<{ value: unknown; tables: string[] }>((resolve, reject) =>
      joined.waiters.push({ resolve, reject }),
    );
    if (batch.inputs.length >= BATCH_MAX_SIZE) void this.#runBatch(batch);
    return answer;
  }

  #closeBatchWhenReady(batch: PendingBatch): void {
    if (this.#batches.get(batch.key) !== batch) return;
    if (
      (this.#onTheWay.get(batch.path) ?? 0) === 0 ||
      performance.now() - batch.startedAt >= BATCH_MAX_WAIT_MS
    ) {
      void this.#runBatch(batch);
      return;
    }
    setTimeout(() => this.#closeBatchWhenReady(batch), 1);
  }

  async #runBatch(batch: PendingBatch): Promise<void> {
    if (this.#batches.get(batch.key) !== batch) return;
    this.#batches.delete(batch.key);
    const tracker = newTracker();
    this.stats.batches++;
    this.stats.batchInputs += batch.inputs.length;
    const closedAt = performance.now();
    for (const joined of batch.joinedAt) {
      this.stats.batchGatherMs += closedAt - joined;
      this.stats.stages.batchGather.add(closedAt - joined);
    }
    try {
      const values = await runUntracked(() =>
        runTracked(tracker, async () => await batch.run(batch.inputs)),
      );
      this.stats.stages.batchStatement.add(performance.now() - closedAt);
      this.stats.batchStatements += tracker.statements;
      if (values.length !== batch.inputs.length)
        throw new Error(`a batch answered ${values.length} of ${batch.inputs.length} inputs`);
      const tables = [...tracker.tables];
      for (const [i, waiter] of batch.waiters.entries())
        waiter.resolve({ value: values[i], tables });
    } catch (error) {
      for (const waiter of batch.waiters) waiter.reject(error);
    }
  }

  #dropShared(entry: SharedEntry): void {
    if (this.#shared.get(entry.key) === entry) this.#shared.delete(entry.key);
    for (const dep of entry.deps) {
      const set = this.#sharedByDep.get(dep);
      set?.delete(entry);
      if (set?.size === 0) this.#sharedByDep.delete(dep);
    }
  }

  #deliver(group: Group, subscriber: Subscriber): void {
    const last = group.last;
    if (!last) return;
    if (subscriber.lastSent === last) return;
    const sent = subscriber.send(last);
    if (sent === false) return;
    subscriber.lastSent = last;
    this.stats.pushes++;
    if (sent === true) this.stats.pushBytes += last.size;
    else {
      this.stats.patches++;
      this.stats.pushBytes += sent;
    }
  }

  #setDeps(group: Group, deps: Set<string>): void {
    // A re-run mostly reads what the run before it read (the same page's rows): nothing to move.
    if (deps.size === group.deps.size) {
      let same = true;
      for (const key of deps) {
        if (!group.deps.has(key)) {
          same = false;
          break;
        }
      }
      if (same) return;
    }
    for (const key of group.deps) {
      if (!deps.has(key)) this.#byDep.get(key)?.delete(group);
    }
    for (const key of deps) {
      const set = this.#byDep.get(key) ?? new Set<Group>();
      this.#byDep.set(key, set);
      set.add(group);
    }
    group.deps = deps;
  }

  #drop(group: Group): void {
    this.#groups.delete(group.key);
    for (const key of group.deps) {
      const set = this.#byDep.get(key);
      set?.delete(group);
      if (set?.size === 0) this.#byDep.delete(key);
    }
  }
}
