/** The first UTC day ("2026-11-01") of the last `days` days, today included. */
export function firstDayOf(days: number, now = new Date()): string {
  const start = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)),
  );
  return start.toISOString().slice(0, 10);
}
