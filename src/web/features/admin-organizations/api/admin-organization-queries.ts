import type { QueryClient } from "@tanstack/react-query";
import * as adminOrganizationsApi from "#shared/api/admin-organizations.ts";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { meOptions } from "../../../lib/shared-queries.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** Every organization (or those matching `search`), live (admin.organizations.list). */
export const adminOrganizationsOptions = (search: string) =>
  liveQueryOptions(adminOrganizationsApi.list, search ? { search } : {}, { staleTime: 60_000 });

export async function preloadAdminOrganizations(queryClient: QueryClient): Promise<void> {
  const me = await ignoreAuthRequired(queryClient.ensureQueryData(meOptions()));
  if (!me?.isSuperadmin) return;
  await ignoreAuthRequired(queryClient.ensureQueryData(adminOrganizationsOptions("")));
}
