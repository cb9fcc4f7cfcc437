import { AppError } from "#shared/errors.ts";

/**
 * How much of this instance one client may hold (docs/decisions/015). A tab
 * of the web app has one socket and about 5 to 60 live queries (one per cursor
 * page of a long folder or thread), so these leave ample room for real use
 * while bounding what a script can make the server keep and re-run.
 */
export const SYNC_LIMITS = {
  subscriptionsPerSocket: 256,
  /** Over all sockets of one session on this instance. */
  subscriptionsPerSession: 512,
  /** Sockets of one session on this instance (a browser's tabs share a session). */
  socketsPerSession: 16,
} as const;

/** One socket as the quota sees it. */
export interface SessionMember {
  /** Closing or closed sockets hold no slot, even before their close event. */
  readonly isOpen: boolean;
  readonly subscriptionCount: number;
}

/**
 * The sockets of each session on this instance, to cap their number and their
 * subscriptions. Counts are derived from the open sockets themselves, so a
 * socket that closes gives its slots back without any counter to keep right.
 */
export class SessionQuota<M extends SessionMember> {
  readonly #sessions = new Map<string, Set<M>>();

  /** Adds `member` to the session; false (and not added) when it already has its limit. */
  join(sessionId: string, member: M): boolean {
    const members = this.#sessions.get(sessionId) ?? new Set<M>();
    if (members.has(member)) return true;
    if (countOpen(members) >= SYNC_LIMITS.socketsPerSession) return false;
    members.add(member);
    this.#sessions.set(sessionId, members);
    return true;
  }

  leave(sessionId: string, member: M): void {
    const members = this.#sessions.get(sessionId);
    if (!members?.delete(member)) return;
    if (members.size === 0) this.#sessions.delete(sessionId);
  }

  /** Why `member` may not open one more subscription, or null if it may. */
  subscriptionRefusal(sessionId: string | null, member: M): AppError | null {
    if (member.subscriptionCount >= SYNC_LIMITS.subscriptionsPerSocket) {
      return tooManySubscriptions(
        `Too many live views open on this connection (limit ${SYNC_LIMITS.subscriptionsPerSocket}). Close some views or reload the page.`,
        SYNC_LIMITS.subscriptionsPerSocket,
      );
    }
    if (sessionId === null) return null;
    let total = 0;
    for (const other of this.#sessions.get(sessionId) ?? []) {
      if (other.isOpen) total += other.subscriptionCount;
    }
    if (total < SYNC_LIMITS.subscriptionsPerSession) return null;
    return tooManySubscriptions(
      `Too many live views open for this sign-in (limit ${SYNC_LIMITS.subscriptionsPerSession} across its tabs). Close some tabs or reload.`,
      SYNC_LIMITS.subscriptionsPerSession,
    );
  }
}

/** The close reason of a socket refused by `join` (at most 123 bytes). */
export const TOO_MANY_SOCKETS_REASON = `Too many connections for this sign-in (limit ${SYNC_LIMITS.socketsPerSession})`;

const tooManySubscriptions = (message: string, limit: number) =>
  new AppError("RATE_LIMITED", message, { limit });

function countOpen(members: Iterable<SessionMember>): number {
  let count = 0;
  for (const member of members) if (member.isOpen) count++;
  return count;
}
