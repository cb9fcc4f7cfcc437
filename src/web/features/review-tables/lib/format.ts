import type { TableProgress } from "#shared/schemas/review-table.ts";

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

const number = new Intl.NumberFormat("en");

export function formatCount(value: number): string {
  return number.format(value);
}

/** "1,204 × 8". */
export function formatShape(rows: number, columns: number): string {
  return `${formatCount(rows)} × ${formatCount(columns)}`;
}

const dateTime = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });
const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "2 minutes ago", "yesterday", or a date for older changes. */
export function formatUpdated(at: number, now = Date.now()): string {
  const seconds = Math.round((at - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return "just now";
  if (abs < 3600) return relative.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), "hour");
  if (abs < 7 * 86_400) return relative.format(Math.round(seconds / 86_400), "day");
  return dateTime.format(at);
}

export function formatDateTime(at: number): string {
  return dateTime.format(at);
}
