import type { QueryClient } from "@tanstack/react-query";
import { notFound } from "@tanstack/react-router";
import * as promptsApi from "#shared/api/prompts.ts";
import { STALE_TIME } from "#shared/constants.ts";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { meOptions } from "../../../lib/shared-queries.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** /admin/prompts: every organization's prompts, archived ones on request. */
export const adminPromptsOptions = (showArchived: boolean) =>
  liveQueryOptions(promptsApi.listAdmin, { showArchived }, { staleTime: STALE_TIME.prompts });

/** /admin/prompts' loader: superadmins only (anyone else finds no such page). */
export async function preloadAdminPrompts(queryClient: QueryClient): Promise<void> {
  const me = await ignoreAuthRequired(queryClient.ensureQueryData(meOptions()));
  if (!me) return;
  if (!me.isSuperadmin) throw notFound();
  await ignoreAuthRequired(queryClient.ensureQueryData(adminPromptsOptions(false)));
}
