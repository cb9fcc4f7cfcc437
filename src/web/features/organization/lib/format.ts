import type { Role } from "#shared/constants.ts";

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 30],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

/** "5 minutes ago", "yesterday", "in 6 days". */
export function relativeTime(at: number, now = Date.now()): string {
  let value = (at - now) / 1000;
  if (Math.abs(value) < 45) return "just now";
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit);
    value /= size;
  }
  return relative.format(Math.round(value), "year");
}

const day = new Intl.DateTimeFormat("en", { dateStyle: "medium" });
export const formatDate = (at: number) => day.format(at);

export const roleLabel = (role: Role, isSuperadmin = false) =>
  isSuperadmin ? "Superadmin" : role === "OrganizationAdmin" ? "Admin" : "Member";

const UNITS = ["B", "KB", "MB", "GB", "TB"];
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${UNITS[unit]}`;
}

const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });
export const formatCount = (n: number) => compact.format(n);

/** "Nov" for "2026-11". */
export function monthLabel(month: string): string {
  const [year, m] = month.split("-").map(Number);
  return new Intl.DateTimeFormat("en", { month: "short", timeZone: "UTC" }).format(
    Date.UTC(year ?? 1970, (m ?? 1) - 1, 1),
  );
}
