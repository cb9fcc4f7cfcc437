import { z } from "zod";

/** The overview's ranges, in days (today included). */
export const STATS_RANGES = [7, 30, 90] as const;
export type StatsRange = (typeof STATS_RANGES)[number];

export const statsArgsSchema = z.object({
  days: z.union(
    STATS_RANGES.map((days) => z.literal(days)),
    { error: `Days must be one of ${STATS_RANGES.join(", ")}` },
  ),
});

/** One UTC day of the range ("2026-11-24"), oldest first; every day is present, zeros included. */
const dayPoint = z.object({
  day: z.string(),
  newOrganizations: z.number(),
  activeUsers: z.number(),
  documents: z.number(),
  bytes: z.number(),
  failures: z.number(),
  threads: z.number(),
  messages: z.number(),
  /** Tokens per model id on that day. */
  tokens: z.record(z.string(), z.number()),
});
export type StatsDay = z.infer<typeof dayPoint>;

export const adminStatsSchema = z.object({
  days: z.number(),
  /** The first and last day of the range (UTC). */
  from: z.string(),
  to: z.string(),
  organizations: z.object({ total: z.number(), suspended: z.number(), new: z.number() }),
  users: z.object({ total: z.number(), superadmins: z.number(), activeToday: z.number() }),
  documents: z.object({
    total: z.number(),
    bytes: z.number(),
    added: z.number(),
    bytesAdded: z.number(),
    failures: z.number(),
  }),
  chats: z.object({ threads: z.number(), messages: z.number(), tokens: z.number() }),
  /** The models that used tokens in the range, most tokens first, with a label when known. */
  models: z.array(z.object({ modelId: z.string(), label: z.string(), tokens: z.number() })),
  series: z.array(dayPoint),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
