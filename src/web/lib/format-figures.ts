/** Figures for admin screens: bytes and counts, short and readable. */

const UNITS = ["B", "KB", "MB", "GB", "TB", "PB"];

/** "0 B", "512 B", "1.5 KB", "12 MB". */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${UNITS[unit]}`;
}

const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });
/** "950", "1.2K", "3.4M". */
export const formatCount = (n: number) => compact.format(n);

const full = new Intl.NumberFormat("en");
/** "1,234,567". */
export const formatNumber = (n: number) => full.format(n);

const dayFormat = new Intl.DateTimeFormat("en", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
/** "Nov 24" for "2026-11-24" (days are UTC). */
export const formatDay = (day: string) => dayFormat.format(Date.parse(`${day}T00:00:00Z`));
