import { api } from "#shared/api/index.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** Every prompt and every module, archived ones included, for the counts of /admin/content. */
export const contentPromptsOptions = () =>
  liveQueryOptions(api.prompts.listAdmin, { showArchived: true });
export const contentModulesOptions = () =>
  liveQueryOptions(api.modules.listAdmin, { showArchived: true });
