import { and, gte, inArray, lt, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/database.ts";
import { usageDaily } from "../../db/schema.ts";
import { firstDayOf } from "../usage-days.ts";

export interface DaySum {
  day: string;
  metric: string;
  key: string;
  value: number;
}

/**
 * Installation-wide sums of the days before yesterday (UTC), per database: those days no
 * longer change (their events are counted on the day they happen; an answer's tokens land
 * on the day it started, at most a stream's length later), so each is summed over every
 * organization once per server process, and a request sums only yesterday and today.
 */
const closedDays = new WeakMap<Database, Map<string, DaySum[]>>();
const MAX_CACHED_DAYS = 400;

const sumsOf = (db: Executor, where: ReturnType<typeof and>) =>
  db
    .select({
      day: sql<string>`to_char(${usageDaily.day}, 'YYYY-MM-DD')`,
      metric: usageDaily.metric,
      key: usageDaily.key,
      value: sql<string>`sum(${usageDaily.value})`,
    })
    .from(usageDaily)
    .where(where)
    .groupBy(usageDaily.day, usageDaily.metric, usageDaily.key);

/** Every (day, metric, key) sum from `days[0]` to today, summed over organizations. */
export async function installationDailySums(
  db: Executor,
  database: Database,
  days: string[],
): Promise<DaySum[]> {
  const open = firstDayOf(2);
  const cache = closedDays.get(database) ?? new Map<string, DaySum[]>();
  closedDays.set(database, cache);
  const missing = days.filter((day) => day < open && !cache.has(day));
  const [fresh, filled] = await Promise.all([
    sumsOf(db, and(gte(usageDaily.day, open))),
    missing.length > 0
      ? sumsOf(db, and(inArray(usageDaily.day, missing), lt(usageDaily.day, open)))
      : Promise.resolve([]),
  ]);
  for (const day of missing) cache.set(day, []);
  for (const row of filled) cache.get(row.day)?.push({ ...row, value: Number(row.value) });
  if (cache.size > MAX_CACHED_DAYS) {
    for (const day of [...cache.keys()].sort().slice(0, cache.size - MAX_CACHED_DAYS)) {
      cache.delete(day);
    }
  }
  return [
    ...days.filter((day) => day < open).flatMap((day) => cache.get(day) ?? []),
    ...fresh.map((row) => ({ ...row, value: Number(row.value) })),
  ];
}
