import type { QueryClient } from "@tanstack/react-query";
import { api } from "#shared/api/index.ts";
import { STALE_TIME } from "#shared/constants.ts";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** The library: the organization's prompts and the global ones (SPEC 9: stale after 2 minutes). */
export const promptsOptions = () =>
  liveQueryOptions(api.prompts.listPrompts, {}, { staleTime: STALE_TIME.prompts });

/** The categories in use, for the filter. */
export const promptCategoriesOptions = () =>
  liveQueryOptions(api.prompts.listCategories, {}, { staleTime: STALE_TIME.prompts });

/** /prompt-library's loader: the prompts and their categories. */
export async function preloadPromptLibrary(queryClient: QueryClient): Promise<void> {
  await ignoreAuthRequired(
    Promise.all([
      queryClient.ensureQueryData(promptsOptions()),
      queryClient.ensureQueryData(promptCategoriesOptions()),
    ]),
  );
}
