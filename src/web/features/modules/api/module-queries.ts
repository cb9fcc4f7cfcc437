import type { QueryClient } from "@tanstack/react-query";
import * as modulesApi from "#shared/api/modules.ts";
import { STALE_TIME } from "#shared/constants.ts";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** /modules: the modules the caller's organization may run, by category (SPEC 9: 2 minutes). */
export const moduleGroupsOptions = () =>
  liveQueryOptions(modulesApi.getModulesWithCategories, {}, { staleTime: STALE_TIME.modules });

/** /modules' loader. */
export async function preloadModules(queryClient: QueryClient): Promise<void> {
  await ignoreAuthRequired(queryClient.ensureQueryData(moduleGroupsOptions()));
}
