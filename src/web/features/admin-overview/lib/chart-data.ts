import type { AdminStats } from "#shared/schemas/admin-stats.ts";

/** The theme's chart colours (src/web/styles.css), in order. */
export const CHART_COLORS = [
  "var(--chart-1)",
  "var(--chart-2)",
  "var(--chart-3)",
  "var(--chart-4)",
  "var(--chart-5)",
];

/** At most this many models get their own series; the others are summed as "Other models". */
export const MAX_MODEL_SERIES = 4;
export const OTHER_MODELS = "__other__";

export interface ModelSeries {
  key: string;
  label: string;
  color: string;
}

/** The token chart's series: the top models by tokens, then "Other models" if any remain. */
export function modelSeries(stats: AdminStats): ModelSeries[] {
  const top = stats.models.slice(0, MAX_MODEL_SERIES).map((m, i) => ({
    key: m.modelId,
    label: m.label,
    color: CHART_COLORS[i % CHART_COLORS.length]!,
  }));
  if (stats.models.length > MAX_MODEL_SERIES) {
    top.push({ key: OTHER_MODELS, label: "Other models", color: "var(--muted-foreground)" });
  }
  return top;
}

/** One row per day with a number per model series (recharts reads flat rows). */
export function tokenRows(stats: AdminStats): Array<Record<string, number | string>> {
  const shown = new Set(stats.models.slice(0, MAX_MODEL_SERIES).map((m) => m.modelId));
  return stats.series.map((point) => {
    const row: Record<string, number | string> = { day: point.day };
    for (const id of shown) row[id] = point.tokens[id] ?? 0;
    let other = 0;
    for (const [id, tokens] of Object.entries(point.tokens)) if (!shown.has(id)) other += tokens;
    if (stats.models.length > MAX_MODEL_SERIES) row[OTHER_MODELS] = other;
    return row;
  });
}

/** Whether a series has anything but zeros (else the chart shows its empty state). */
export const hasData = (stats: AdminStats, pick: (p: AdminStats["series"][number]) => number) =>
  stats.series.some((p) => pick(p) > 0);
