import { count, gte, sql } from "drizzle-orm";
import type { AdminStats, StatsDay } from "#shared/schemas/admin-stats.ts";
import type { FunctionCtx } from "../../api/context.ts";
import { runUntracked } from "../../db/read-tracker.ts";
import { organizations, usageTotals, users } from "../../db/schema.ts";
import { firstDayOf } from "../usage-days.ts";
import { installationDailySums } from "./daily-sums.ts";

/** Every UTC day from `from` to today, oldest first. */
export function daysFrom(from: string, days: number): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) =>
    new Date(start + i * 86_400_000).toISOString().slice(0, 10),
  );
}

const emptyDay = (day: string): StatsDay => ({
  day,
  newOrganizations: 0,
  activeUsers: 0,
  documents: 0,
  bytes: 0,
  failures: 0,
  threads: 0,
  messages: 0,
  tokens: {},
});

const SERIES_METRICS: Record<
  string,
  Exclude<keyof StatsDay, "day" | "tokens" | "newOrganizations">
> = {
  active_users: "activeUsers",
  documents: "documents",
  bytes: "bytes",
  failures: "failures",
  threads: "threads",
  messages: "messages",
};

/**
 * The installation's figures over the last `days` days (decision 026): the
 * organizations table (small) and the usage rollups only (closed days summed once
 * per process, daily-sums.ts); no scan of documents, messages, sessions or the
 * audit log. Live on organizations;
 * the usage figures are as fresh as the page (they change with every chat
 * message, which would re-run this for every open overview).
 */
export async function getAdminStats(ctx: FunctionCtx, args: { days: number }): Promise<AdminStats> {
  const from = firstDayOf(args.days);
  const days = daysFrom(from, args.days);
  const fromDate = new Date(`${from}T00:00:00Z`);
  const day = sql<string>`to_char(${organizations.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;

  const [orgTotals, orgNew, rollups] = await Promise.all([
    ctx.db
      .select({
        total: count(),
        suspended: sql<number>`count(*) filter (where ${organizations.suspendedAt} is not null)::int`,
      })
      .from(organizations),
    ctx.db
      .select({ day, n: count() })
      .from(organizations)
      .where(gte(organizations.createdAt, fromDate))
      .groupBy(day),
    runUntracked(() =>
      Promise.all([
        ctx.db
          .select({
            total: sql<number>`count(*) filter (where not ${users.disabled})::int`,
            superadmins: sql<number>`count(*) filter (where ${users.isSuperadmin} and not ${users.disabled})::int`,
          })
          .from(users),
        ctx.db
          .select({
            metric: usageTotals.metric,
            value: sql<string>`sum(${usageTotals.value})`,
          })
          .from(usageTotals)
          .groupBy(usageTotals.metric),
        installationDailySums(ctx.db, ctx.services.database, days),
      ]),
    ),
  ]);
  const [userTotals, totals, daily] = rollups;

  const series = new Map(days.map((d) => [d, emptyDay(d)]));
  for (const row of orgNew) {
    const point = series.get(row.day);
    if (point) point.newOrganizations = Number(row.n);
  }
  const modelTokens = new Map<string, number>();
  for (const row of daily) {
    const point = series.get(row.day);
    if (!point) continue;
    const value = row.value;
    if (row.metric === "tokens") {
      const model = row.key || "unknown";
      point.tokens[model] = (point.tokens[model] ?? 0) + value;
      modelTokens.set(model, (modelTokens.get(model) ?? 0) + value);
      continue;
    }
    const field = SERIES_METRICS[row.metric];
    if (field) point[field] += value;
  }
  const points = [...series.values()];
  const sum = (pick: (p: StatsDay) => number) => points.reduce((n, p) => n + pick(p), 0);
  const total = (metric: string) => Number(totals.find((t) => t.metric === metric)?.value ?? 0);
  const labels = new Map(ctx.services.models.list().map((m) => [m.id, m.label]));
  const models = [...modelTokens.entries()]
    .map(([modelId, tokens]) => ({ modelId, label: labels.get(modelId) ?? modelId, tokens }))
    .sort((a, b) => b.tokens - a.tokens || a.label.localeCompare(b.label));

  return {
    days: args.days,
    from,
    to: days[days.length - 1]!,
    organizations: {
      total: Number(orgTotals[0]?.total ?? 0),
      suspended: Number(orgTotals[0]?.suspended ?? 0),
      new: sum((p) => p.newOrganizations),
    },
    users: {
      total: Number(userTotals[0]?.total ?? 0),
      superadmins: Number(userTotals[0]?.superadmins ?? 0),
      activeToday: points[points.length - 1]?.activeUsers ?? 0,
    },
    documents: {
      total: total("documents"),
      bytes: total("bytes"),
      added: sum((p) => p.documents),
      bytesAdded: sum((p) => p.bytes),
      failures: sum((p) => p.failures),
    },
    chats: {
      threads: sum((p) => p.threads),
      messages: sum((p) => p.messages),
      tokens: models.reduce((n, m) => n + m.tokens, 0),
    },
    models,
    series: points,
  };
}
