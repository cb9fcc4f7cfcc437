import { eq, sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { rateLimits } from "../db/schema.ts";

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counter in the database, so every server instance shares it.
 * Counts this hit and says whether it is within `limit` for the window.
 */
export async function hitRateLimit(
  db: Executor,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<RateLimitResult> {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const rows = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} < now() - ${window} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} < now() - ${window} THEN now() ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({
      count: rateLimits.count,
      retryAfter: sql<number>`ceil(extract(epoch from (${rateLimits.windowStart} + ${window} - now())))::int`,
    });
  const row = rows[0]!;
  return {
    allowed: row.count <= limit,
    count: row.count,
    retryAfterSeconds: Math.max(1, row.retryAfter),
  };
}

/** Whether one more hit is allowed, without counting it. */
export async function checkRateLimit(
  db: Executor,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<RateLimitResult> {
  const rows = await db
    .select({
      count: rateLimits.count,
      retryAfter: sql<number>`ceil(extract(epoch from (${rateLimits.windowStart} + make_interval(secs => ${windowSeconds}) - now())))::int`,
    })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  const row = rows[0];
  if (!row || row.retryAfter <= 0) return { allowed: true, count: 0, retryAfterSeconds: 0 };
  return {
    allowed: row.count < limit,
    count: row.count,
    retryAfterSeconds: Math.max(1, row.retryAfter),
  };
}

export async function resetRateLimit(db: Executor, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
