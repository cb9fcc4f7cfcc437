import type { QueryClient } from "@tanstack/react-query";
import { api } from "#shared/api/index.ts";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** What /workflows, /workflows/new and /workflows/{slug} read (decision 028). */

export const workflowsOptions = () => liveQueryOptions(api.workflows.list, {});
export const workflowPermissionsOptions = () => liveQueryOptions(api.workflows.getPermissions, {});
export const workflowBySlugOptions = (slug: string) =>
  liveQueryOptions(api.workflows.getBySlug, { slug });
export const myRunsOptions = (workflowId?: string) =>
  liveQueryOptions(api.workflows.listRuns, workflowId ? { workflowId, limit: 10 } : { limit: 8 });
export const runOptions = (runId: string) => liveQueryOptions(api.workflows.getRun, { runId });
export const modelsOptions = () => liveQueryOptions(api.models.list, {});
export const modulesOptions = () => liveQueryOptions(api.modules.getModulesWithCategories, {});

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
