import type { TableProgress } from "#shared/schemas/review-table.ts";
import { formatNumber } from "../../../lib/format-figures.ts";

/** "about 3 min left", "under a minute left", "about 1 h 20 min left". */
export function formatEstimate(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  if (seconds < 60) return "under a minute left";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `about ${hours} h left` : `about ${hours} h ${rest} min left`;
}

/** Share of the non-corrected cells that are answered or gave up, 0 to 1. */
export function progressRatio(progress: TableProgress): number {
  if (progress.total === 0) return 0;
  return Math.min(1, (progress.done + progress.failed) / progress.total);
}

/** "1,204 × 8". */
export function formatShape(rows: number, columns: number): string {
  return `${formatNumber(rows)} × ${formatNumber(columns)}`;
}
