import type { Role } from "#shared/constants.ts";

export const roleLabel = (role: Role, isSuperadmin = false) =>
  isSuperadmin ? "Superadmin" : role === "OrganizationAdmin" ? "Admin" : "Member";

/** "Nov" for "2026-11". */
export function monthLabel(month: string): string {
  const [year, m] = month.split("-").map(Number);
  return new Intl.DateTimeFormat("en", { month: "short", timeZone: "UTC" }).format(
    Date.UTC(year ?? 1970, (m ?? 1) - 1, 1),
  );
}
