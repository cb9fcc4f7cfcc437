import { z } from "zod";
import { ROLES } from "#shared/constants.ts";
import { type AdminUserFilters, LAST_ACTIVE_FILTERS } from "#shared/schemas/admin-user.ts";

/**
 * /admin/users' search params: the filters, so a filtered list can be
 * shared and survives a reload. A bad value falls back to "any" (.catch).
 */
export const userSearchSchema = z.object({
  q: z.string().max(200).optional().catch(undefined),
  /** An organization id, or "none" for users without one. */
  org: z.string().max(100).optional().catch(undefined),
  role: z.enum(ROLES).optional().catch(undefined),
  superadmin: z.enum(["yes", "no"]).optional().catch(undefined),
  status: z.enum(["active", "disabled"]).optional().catch(undefined),
  active: z.enum(LAST_ACTIVE_FILTERS).optional().catch(undefined),
});
export type UserSearch = z.infer<typeof userSearchSchema>;

/** The list's filters for `search` (the text search debounced by the caller). */
export function filtersFrom(search: UserSearch, text: string | undefined): AdminUserFilters {
  const filters: AdminUserFilters = {};
  const q = text?.trim();
  if (q) filters.search = q;
  if (search.org) filters.organizationId = search.org === "none" ? null : search.org;
  if (search.role) filters.role = search.role;
  if (search.superadmin) filters.superadmin = search.superadmin === "yes";
  if (search.status) filters.disabled = search.status === "disabled";
  if (search.active) filters.lastActive = search.active;
  return filters;
}

/** How many filters (besides the text search) are set. */
export const activeFilterCount = (search: UserSearch) =>
  [search.org, search.role, search.superadmin, search.status, search.active].filter(Boolean).length;
