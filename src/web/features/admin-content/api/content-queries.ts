import * as modulesApi from "#shared/api/modules.ts";
import * as promptsApi from "#shared/api/prompts.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** Every prompt and every module, archived ones included, for the counts of /admin/content. */
export const contentPromptsOptions = () =>
  liveQueryOptions(promptsApi.listAdmin, { showArchived: true });
export const contentModulesOptions = () =>
  liveQueryOptions(modulesApi.listAdmin, { showArchived: true });
