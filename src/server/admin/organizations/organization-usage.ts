import { and, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { ORGANIZATION_USAGE_DAYS } from "#shared/schemas/admin-organizations.ts";
import { type Database, type Executor, readTogether } from "../../db/database.ts";
import { usageDaily } from "../../db/schema.ts";
import { firstDayOf } from "../usage-days.ts";

export interface OrganizationUsage {
  threads: number;
  messages: number;
  tokens: number;
  activeUsers: number;
}

const METRICS = {
  threads: "threads",
  messages: "messages",
  tokens: "tokens",
  activeUsers: "active_users",
};
const empty = (): OrganizationUsage => ({ threads: 0, messages: 0, tokens: 0, activeUsers: 0 });

/**
 * Per organization, the sums of each closed day (before yesterday, UTC; decision 026), per
 * database: summed once per server process, so a request reads two days of rollups.
 */
const closedDays = new WeakMap<Database, Map<string, Map<string, OrganizationUsage>>>();

function sumsByOrganization(db: Executor, where: SQL | undefined) {
  const sum = (metric: string) =>
    sql<string>`coalesce(sum(${usageDaily.value}) filter (where ${usageDaily.metric} = ${metric}), 0)`;
  return db
    .select({
      day: sql<string>`to_char(${usageDaily.day}, 'YYYY-MM-DD')`,
      organizationId: usageDaily.organizationId,
      threads: sum(METRICS.threads),
      messages: sum(METRICS.messages),
      tokens: sum(METRICS.tokens),
      activeUsers: sum(METRICS.activeUsers),
    })
    .from(usageDaily)
    .where(and(where, inArray(usageDaily.metric, Object.values(METRICS))))
    .groupBy(usageDaily.day, usageDaily.organizationId);
}

const add = (into: OrganizationUsage, row: Record<keyof OrganizationUsage, string | number>) => {
  into.threads += Number(row.threads);
  into.messages += Number(row.messages);
  into.tokens += Number(row.tokens);
  into.activeUsers += Number(row.activeUsers);
};

/** Each organization's usage over the last ORGANIZATION_USAGE_DAYS days (absent: none). */
export async function organizationUsage(
  db: Executor,
  database: Database,
): Promise<Map<string, OrganizationUsage>> {
  const from = firstDayOf(ORGANIZATION_USAGE_DAYS);
  const open = firstDayOf(2);
  const cache = closedDays.get(database) ?? new Map<string, Map<string, OrganizationUsage>>();
  closedDays.set(database, cache);
  for (const day of [...cache.keys()]) if (day < from) cache.delete(day);
  const wanted: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); ; t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    if (day >= open) break;
    if (!cache.has(day)) wanted.push(day);
  }
  const [fresh, filled] = await readTogether(db, [
    () => sumsByOrganization(db, gte(usageDaily.day, open)),
    () =>
      wanted.length > 0
        ? sumsByOrganization(db, and(inArray(usageDaily.day, wanted), lt(usageDaily.day, open)))
        : Promise.resolve([]),
  ] as const);
  for (const day of wanted) cache.set(day, new Map());
  for (const row of filled) {
    const day = cache.get(row.day);
    if (!day) continue;
    const usage = empty();
    add(usage, row);
    day.set(row.organizationId, usage);
  }
  const result = new Map<string, OrganizationUsage>();
  const into = (organizationId: string) => {
    const known = result.get(organizationId);
    if (known) return known;
    const usage = empty();
    result.set(organizationId, usage);
    return usage;
  };
  for (const day of cache.values()) {
    for (const [organizationId, usage] of day) add(into(organizationId), usage);
  }
  for (const row of fresh) add(into(row.organizationId), row);
  return result;
}
