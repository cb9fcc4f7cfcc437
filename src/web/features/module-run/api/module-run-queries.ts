import type { QueryClient } from "@tanstack/react-query";
import * as documentsApi from "#shared/api/documents.ts";
import * as moduleExecutionsApi from "#shared/api/module-executions.ts";
import * as modulesApi from "#shared/api/modules.ts";
import { STALE_TIME } from "#shared/constants.ts";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/**
 * What /modules/{slug} and /modules/{slug}/{id} read (decision 019): the
 * module, the member's runs of it, one run, the draft a built-in run writes,
 * and the documents a run names.
 */

export const moduleBySlugOptions = (slug: string) =>
  liveQueryOptions(modulesApi.getBySlug, { slug }, { staleTime: STALE_TIME.moduleDetail });

export const RECENT_RUNS = 8;

export const recentRunsOptions = (moduleId: string) =>
  liveQueryOptions(modulesApi.listExecutions, { moduleId, limit: RECENT_RUNS });

export const executionOptions = (executionId: string) =>
  liveQueryOptions(modulesApi.getModuleExecutionById, { executionId });

export const executionDraftOptions = (executionId: string) =>
  liveQueryOptions(moduleExecutionsApi.getExecutionDraft, { executionId });

/** Names of the documents a run names (unreadable ones are left out). */
export const documentsByIdOptions = (documentIds: string[]) =>
  liveQueryOptions(documentsApi.getMany, { documentIds: documentIds.slice(0, 100) });

/** /modules/{slug}'s loader: the module (fresh for 2 minutes). */
export async function preloadModule(queryClient: QueryClient, slug: string): Promise<void> {
  await ignoreAuthRequired(queryClient.ensureQueryData(moduleBySlugOptions(slug)));
}

/** /modules/{slug}/{id}'s loader: the run. */
export async function preloadExecution(queryClient: QueryClient, executionId: string) {
  await ignoreAuthRequired(queryClient.ensureQueryData(executionOptions(executionId)));
}
