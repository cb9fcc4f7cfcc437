import type { QueryClient } from "@tanstack/react-query";
import { z } from "zod";
import * as adminStatsApi from "#shared/api/admin-stats.ts";
import { STATS_RANGES, type StatsRange } from "#shared/schemas/admin-stats.ts";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { meOptions } from "../../../lib/shared-queries.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

export const DEFAULT_RANGE: StatsRange = 30;

/** /admin?days=7|30|90; anything else shows the default range. */
export const overviewSearchSchema = z.object({
  days: z.coerce
    .number()
    .pipe(z.union(STATS_RANGES.map((days) => z.literal(days))))
    .catch(DEFAULT_RANGE),
});

/** The installation's figures over the range (admin.stats; decision 026). */
export const adminStatsOptions = (days: StatsRange) =>
  liveQueryOptions(adminStatsApi.stats, { days }, { staleTime: 60_000 });

export async function preloadAdminStats(queryClient: QueryClient, days: StatsRange) {
  const me = await ignoreAuthRequired(queryClient.ensureQueryData(meOptions()));
  if (!me?.isSuperadmin) return;
  await ignoreAuthRequired(queryClient.ensureQueryData(adminStatsOptions(days)));
}
