import type { User } from "#shared/schemas/user.ts";
import type { Identity } from "./identity.ts";

/**
 * The callers this instance has checked, by session id, so a request does not read its session
 * and user again (decision 032). Nothing here expires on a timer: an entry is dropped when the
 * live-change feed (`atrium_track_changes` on sessions, users and organizations) says one of its
 * rows changed, on this instance or any other, and the whole cache when the feed may have missed
 * something (a reconnect). Without a feed (the cache never `attach`ed) it stores nothing, and every
 * call reads the database as before.
 *
 * A read that started before an invalidation must not store what it read: each load takes a
 * `ticket` (the generation) first, and `store` refuses it if anything was invalidated since.
 * On PostgreSQL the feed arrives on its own connection, so a write's own instance could answer
 * the writer's next request before its notification: `fence(marker)` (called by the executor
 * after a mutation commits) bypasses the cache until that transaction's marker has arrived.
 */

interface SessionEntry {
  identity: Identity;
  /** The session's own end (sessions.expires_at), in ms. */
  sessionExpiresAt: number;
}

/** A changed row, as the change feed reports it (`{t, o, i}`). */
export interface ChangedRow {
  t: string;
  o: string | null;
  i: string | null;
}

const FENCE_TIMEOUT_MS = 5000;
const MAX_SESSIONS = 50_000;
const MAX_VIEWS = 50_000;
const MAX_EARLY_MARKERS = 1000;

export class IdentityCache {
  readonly #sessions = new Map<string, SessionEntry>();
  /** userId -> its cached session ids, to drop them when the user changes. */
  readonly #byUser = new Map<string, Set<string>>();
  /** userId -> the user as users.getMe shows it (users row + its organization's name and slug). */
  readonly #views = new Map<string, User>();
  /** Transactions committed here whose notifications have not come back yet. */
  readonly #fences = new Map<string, NodeJS.Timeout>();
  /** Markers that arrived before their `fence` call (the feed can beat the commit's answer). */
  readonly #early = new Set<string>();
  #generation = 0;
  #live = false;
  readonly #maxSessions: number;
  readonly #maxViews: number;

  /** Bounds (tests): at most this many sessions and users' views (50,000 each by default). */
  constructor(options: { maxSessions?: number; maxViews?: number } = {}) {
    this.#maxSessions = options.maxSessions ?? MAX_SESSIONS;
    this.#maxViews = options.maxViews ?? MAX_VIEWS;
  }

  /** Whether entries may be used: a feed is attached and connected, and no write is in flight. */
  get usable(): boolean {
    return this.#live && this.#fences.size === 0;
  }

  get size(): number {
    return this.#sessions.size;
  }

  /** The feed is connected (first connection, or again after a reconnect): start afresh. */
  attach(): void {
    this.clear();
    this.#live = true;
  }

  /** The feed was lost: notifications may be missed until `attach` again, so use nothing. */
  detach(): void {
    this.#live = false;
    this.clear();
  }

  clear(): void {
    this.#generation++;
    this.#sessions.clear();
    this.#byUser.clear();
    this.#views.clear();
  }

  /** Taken before reading the database; `store` with it refuses what an invalidation made stale. */
  ticket(): number {
    return this.#generation;
  }

  identity(sessionId: string, userId: string): Identity | undefined {
    if (!this.usable) return undefined;
    const entry = this.#sessions.get(sessionId);
    if (!entry || entry.identity.userId !== userId) return undefined;
    if (entry.sessionExpiresAt <= Date.now()) {
      this.#dropSession(sessionId);
      return undefined;
    }
    return entry.identity;
  }

  storeIdentity(ticket: number, identity: Identity, sessionExpiresAt: number): void {
    if (!this.usable || ticket !== this.#generation) return;
    if (this.#sessions.size >= this.#maxSessions && !this.#sessions.has(identity.sessionId)) {
      // Full: the sessions that have ended go first; everything only if that freed nothing.
      const now = Date.now();
      for (const [sessionId, entry] of this.#sessions) {
        if (entry.sessionExpiresAt <= now) this.#dropSession(sessionId);
      }
      if (this.#sessions.size >= this.#maxSessions) this.clear();
    }
    this.#sessions.set(identity.sessionId, { identity, sessionExpiresAt });
    let sessions = this.#byUser.get(identity.userId);
    if (!sessions) {
      sessions = new Set();
      this.#byUser.set(identity.userId, sessions);
    }
    sessions.add(identity.sessionId);
  }

  userView(userId: string): User | undefined {
    return this.usable ? this.#views.get(userId) : undefined;
  }

  storeUserView(ticket: number, view: User): void {
    if (!this.usable || ticket !== this.#generation) return;
    if (this.#views.size >= this.#maxViews && !this.#views.has(view._id)) this.#views.clear();
    this.#views.set(view._id, view);
  }

  /**
   * A row changed (from the feed): sessions drop that session; users drop the user's sessions and
   * view; organizations drop the views and sessions of their members (suspension also revokes
   * the sessions, but a rename changes the view).
   */
  changed(row: ChangedRow): void {
    if (row.t === "sessions") {
      this.#generation++;
      if (row.i) this.#dropSession(row.i);
    } else if (row.t === "users") {
      this.#generation++;
      if (row.i) this.#dropUser(row.i);
    } else if (row.t === "organizations") {
      this.#generation++;
      for (const [userId, view] of this.#views) {
        if (view.organizationId === row.i) this.#views.delete(userId);
      }
      for (const [sessionId, entry] of this.#sessions) {
        if (entry.identity.organizationId === row.i) this.#dropSession(sessionId);
      }
    }
  }

  /**
   * A raw payload of the changes channel. Only sessions, users, organizations and markers
   * matter here; the string test skips parsing the others.
   */
  notify(payload: string): void {
    if (payload.startsWith('{"m":')) {
      this.#settle(payload);
      return;
    }
    if (
      !payload.includes('"sessions"') &&
      !payload.includes('"users"') &&
      !payload.includes('"organizations"')
    ) {
      return;
    }
    let row: unknown;
    try {
      row = JSON.parse(payload);
    } catch {
      return;
    }
    if (row && typeof row === "object" && "t" in row && typeof row.t === "string") {
      const { t, o, i } = row as { t: string; o?: unknown; i?: unknown };
      this.changed({ t, o: typeof o === "string" ? o : null, i: typeof i === "string" ? i : null });
    }
  }

  /** A transaction committed here sent `marker`: use nothing until its notifications are in. */
  fence(marker: string): void {
    if (!this.#live || this.#fences.has(marker)) return;
    if (this.#early.delete(marker)) return;
    const timer = setTimeout(() => {
      // Lost, or the feed is stuck: the feed's reconnect clears everything anyway.
      this.#fences.delete(marker);
      this.clear();
    }, FENCE_TIMEOUT_MS);
    timer.unref();
    this.#fences.set(marker, timer);
  }

  #settle(payload: string): void {
    if (!this.#live) return;
    let marker: unknown;
    try {
      marker = (JSON.parse(payload) as { m?: unknown }).m;
    } catch {
      return;
    }
    if (typeof marker !== "string") return;
    const timer = this.#fences.get(marker);
    if (timer) {
      clearTimeout(timer);
      this.#fences.delete(marker);
      return;
    }
    // Not fenced yet (or never will be: another instance's marker). Kept briefly, oldest out.
    this.#early.add(marker);
    if (this.#early.size > MAX_EARLY_MARKERS) {
      const oldest = this.#early.values().next().value;
      if (oldest !== undefined) this.#early.delete(oldest);
    }
  }

  #dropSession(sessionId: string): void {
    const entry = this.#sessions.get(sessionId);
    if (!entry) return;
    this.#sessions.delete(sessionId);
    const sessions = this.#byUser.get(entry.identity.userId);
    sessions?.delete(sessionId);
    if (sessions && sessions.size === 0) this.#byUser.delete(entry.identity.userId);
  }

  #dropUser(userId: string): void {
    this.#views.delete(userId);
    for (const sessionId of this.#byUser.get(userId) ?? []) this.#sessions.delete(sessionId);
    this.#byUser.delete(userId);
  }
}
