import { and, count, eq, gte, isNotNull, sql } from "drizzle-orm";
import { USAGE_MONTHS, type Usage } from "#shared/schemas/organization.ts";
import type { FunctionCtx } from "../api/context.ts";
import { runUntracked } from "../db/read-tracker.ts";
import { documents, messages } from "../db/schema.ts";
import { requireOrganizationAdmin } from "./organization-access.ts";

/** "2026-11" for a date, in UTC. */
const monthKey = (date: Date) =>
  `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;

/** The month keys of the period, oldest first, ending with the current month. */
export function usageMonths(now: Date, months = USAGE_MONTHS): string[] {
  return Array.from({ length: months }, (_, i) =>
    monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1 - i), 1))),
  );
}

/**
 * Documents and storage now, and per model per month (UTC) over the last six
 * months: the chats that got an answer, the answers and their tokens (from
 * each answer's recorded usage).
 */
export async function getOrganizationUsage(ctx: FunctionCtx): Promise<Usage> {
  const organizationId = requireOrganizationAdmin(ctx.user, "see the organization's usage");
  const [docs] = await ctx.db
    .select({ n: count(), bytes: sql<string | null>`sum(${documents.size})` })
    .from(documents)
    .where(eq(documents.organizationId, organizationId));
  const months = usageMonths(new Date());
  const since = new Date(`${months[0]}-01T00:00:00Z`);
  const month = sql<string>`to_char(${messages.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const tokens = sql<string | null>`sum(coalesce(
    (${messages.usage}->>'totalTokens')::bigint,
    coalesce((${messages.usage}->>'inputTokens')::bigint, 0) + coalesce((${messages.usage}->>'outputTokens')::bigint, 0)
  ))`;
  // Not live on messages: a streaming answer writes about once a second, and re-counting six
  // months of answers for every open usage chart on each write costs more than it tells.
  // The figures refresh when the page is opened (and whenever documents change).
  const rows = await runUntracked(() =>
    ctx.db
      .select({
        month,
        modelId: messages.modelId,
        chats: sql<number>`count(distinct ${messages.threadId})::int`,
        answers: count(),
        tokens,
      })
      .from(messages)
      .where(
        and(
          eq(messages.organizationId, organizationId),
          eq(messages.role, "assistant"),
          isNotNull(messages.modelId),
          gte(messages.createdAt, since),
        ),
      )
      .groupBy(month, messages.modelId),
  );
  const labels = new Map(ctx.services.models.list().map((m) => [m.id, m.label]));
  return {
    documents: { count: docs?.n ?? 0, bytes: Number(docs?.bytes ?? 0) },
    months: months.map((key) => ({
      month: key,
      models: rows
        .filter((row) => row.month === key && row.modelId)
        .map((row) => ({
          modelId: row.modelId!,
          label: labels.get(row.modelId!) ?? row.modelId!,
          chats: Number(row.chats),
          answers: Number(row.answers),
          tokens: Number(row.tokens ?? 0),
        }))
        .sort((a, b) => b.tokens - a.tokens || a.label.localeCompare(b.label)),
    })),
  };
}
