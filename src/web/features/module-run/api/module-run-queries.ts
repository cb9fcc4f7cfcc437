import type { QueryClient } from "@tanstack/react-query";
import { api } from "#shared/api/index.ts";
import { STALE_TIME } from "#shared/constants.ts";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/**
 * What /modules/{slug} and /modules/{slug}/{id} read (decision 019): the
 * module, the member's runs of it, one run, the draft a built-in run writes,
 * and the documents a run names.
 */

export const moduleBySlugOptions = (slug: string) =>
  liveQueryOptions(api.modules.getBySlug, { slug }, { staleTime: STALE_TIME.moduleDetail });

export const RECENT_RUNS = 8;

export const recentRunsOptions = (moduleId: string) =>
  liveQueryOptions(api.modules.listExecutions, { moduleId, limit: RECENT_RUNS });

export const executionOptions = (executionId: string) =>
  liveQueryOptions(api.modules.getModuleExecutionById, { executionId });

export const executionDraftOptions = (executionId: string) =>
  liveQueryOptions(api.modules.getExecutionDraft, { executionId });

/** Names of the documents a run names (unreadable ones are left out). */
export const documentsByIdOptions = (documentIds: string[]) =>
  liveQueryOptions(api.documents.getMany, { documentIds: documentIds.slice(0, 100) });

/** /modules/{slug}'s loader: the module (fresh for 2 minutes). */
export async function preloadModule(queryClient: QueryClient, slug: string): Promise<void> {
  await ignoreAuthRequired(queryClient.ensureQueryData(moduleBySlugOptions(slug)));
}

/** /modules/{slug}/{id}'s loader: the run. */
export async function preloadExecution(queryClient: QueryClient, executionId: string) {
  await ignoreAuthRequired(queryClient.ensureQueryData(executionOptions(executionId)));
}
