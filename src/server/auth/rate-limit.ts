import { inArray, sql } from "drizzle-orm";
import type { Executor } from "../db/database.ts";
import { rateLimits } from "../db/schema.ts";

/**
 * Fixed-window counters in the database, so every server instance shares
 * them. A slot is taken before the work it guards (checking a password), in
 * one statement for all of a request's counters: concurrent requests each
 * see their own count, so none slips past a limit by racing another.
 *
 * Every statement here locks its rows in key order (the take inserts them
 * sorted, the refund and the reset lock them with an ordered FOR UPDATE
 * first), so a take and a refund of the same counters at once wait for each
 * other instead of deadlocking (PostgreSQL would abort one with an error).
 */

/** The keys once each, in the order every statement locks them. */
const lockOrder = (keys: readonly string[]): string[] => [...new Set(keys)].sort();

/** The counters' rows among `keys`, locked in key order (for the statement that uses them). */
const lockedKeys = (db: Executor, keys: readonly string[]) =>
  db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(inArray(rateLimits.key, lockOrder(keys)))
    .orderBy(rateLimits.key)
    .for("update");

export interface RateLimitCount {
  key: string;
  /** This request's place in the window, itself included. */
  count: number;
  retryAfterSeconds: number;
}

/** Count one hit on each key (a new window when the last one has ended); the counts after it. */
export async function takeRateLimitSlots(
  db: Executor,
  keys: readonly string[],
  windowSeconds: number,
): Promise<Map<string, RateLimitCount>> {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const rows = await db
    .insert(rateLimits)
    .values(lockOrder(keys).map((key) => ({ key, windowStart: sql`now()`, count: 1 })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} < now() - ${window} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} < now() - ${window} THEN now() ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({
      key: rateLimits.key,
      count: rateLimits.count,
      retryAfter: sql<number>`ceil(extract(epoch from (${rateLimits.windowStart} + ${window} - now())))::int`,
    });
  return new Map(
    rows.map((row) => [
      row.key,
      { key: row.key, count: row.count, retryAfterSeconds: Math.max(1, row.retryAfter) },
    ]),
  );
}

/** Give back one slot on each key (a request that turned out not to be a failure). */
export async function refundRateLimitSlots(db: Executor, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(inArray(rateLimits.key, lockedKeys(db, keys)));
}

/** Forget a key's window. */
export async function resetRateLimits(db: Executor, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(rateLimits).where(inArray(rateLimits.key, lockedKeys(db, keys)));
}
