import type { QueryClient } from "@tanstack/react-query";
import * as modelsApi from "#shared/api/models.ts";
import * as modulesApi from "#shared/api/modules.ts";
import * as workflowsApi from "#shared/api/workflows.ts";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** What /workflows, /workflows/new and /workflows/{slug} read (decision 028). */

export const workflowsOptions = () => liveQueryOptions(workflowsApi.list, {});
export const workflowPermissionsOptions = () => liveQueryOptions(workflowsApi.getPermissions, {});
export const workflowBySlugOptions = (slug: string) =>
  liveQueryOptions(workflowsApi.getBySlug, { slug });
export const myRunsOptions = (workflowId?: string) =>
  liveQueryOptions(workflowsApi.listRuns, workflowId ? { workflowId, limit: 10 } : { limit: 8 });
export const runOptions = (runId: string) => liveQueryOptions(workflowsApi.getRun, { runId });
export const modelsOptions = () => liveQueryOptions(modelsApi.list, {});
export const modulesOptions = () => liveQueryOptions(modulesApi.getModulesWithCategories, {});

export async function preloadWorkflows(queryClient: QueryClient) {
  await ignoreAuthRequired(
    Promise.all([
      queryClient.ensureQueryData(workflowsOptions()),
      queryClient.ensureQueryData(workflowPermissionsOptions()),
    ]),
  );
}

export async function preloadWorkflow(queryClient: QueryClient, slug: string) {
  await ignoreAuthRequired(queryClient.ensureQueryData(workflowBySlugOptions(slug)));
}
