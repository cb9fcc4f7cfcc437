import type { QueryClient } from "@tanstack/react-query";
import * as adminUsersApi from "#shared/api/admin-users.ts";
import type { ArgsOf } from "#shared/api/define.ts";
import type { AdminUserFilters } from "#shared/schemas/admin-user.ts";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** The list's first page holds 50 rows; later pages 100 (a screenful is about 12). */
export const FIRST_PAGE_SIZE = 50;
export const LATER_PAGE_SIZE = 100;

export type UserListArgs = ArgsOf<typeof adminUsersApi.list>;

/** One cursor page of /admin/users under the given filters (live: changes show at once). */
export const userPageOptions = (
  filters: AdminUserFilters,
  numItems: number,
  cursor: string | null,
) => liveQueryOptions(adminUsersApi.list, { ...filters, paginationOpts: { numItems, cursor } });

/** One user's page: fields, sessions, recent audit events (null: no such user). */
export const adminUserOptions = (userId: string) => liveQueryOptions(adminUsersApi.get, { userId });

/** Organizations for the selects and the filter. */
export const adminOrganizationsOptions = () =>
  liveQueryOptions(adminUsersApi.listOrganizations, {});

/** /admin/users: the first page and the organizations (the layout route has checked the caller). */
export async function preloadAdminUsers(queryClient: QueryClient, filters: AdminUserFilters) {
  await ignoreAuthRequired(
    Promise.all([
      queryClient.ensureQueryData(userPageOptions(filters, FIRST_PAGE_SIZE, null)),
      queryClient.ensureQueryData(adminOrganizationsOptions()),
    ]),
  );
}

/** /admin/users/{userId}. */
export async function preloadAdminUser(queryClient: QueryClient, userId: string) {
  await ignoreAuthRequired(
    Promise.all([
      queryClient.ensureQueryData(adminUserOptions(userId)),
      queryClient.ensureQueryData(adminOrganizationsOptions()),
    ]),
  );
}
