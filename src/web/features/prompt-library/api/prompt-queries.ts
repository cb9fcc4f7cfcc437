import type { QueryClient } from "@tanstack/react-query";
import * as documentsApi from "#shared/api/documents.ts";
import * as promptsApi from "#shared/api/prompts.ts";
import { STALE_TIME } from "#shared/constants.ts";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { promptsOptions } from "../../../lib/shared-queries.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** The categories in use, for the filter (the prompts themselves: lib/shared-queries.ts). */
export const promptCategoriesOptions = () =>
  liveQueryOptions(promptsApi.listCategories, {}, { staleTime: STALE_TIME.prompts });

/** /prompt-library's loader: the prompts and their categories. */
export async function preloadPromptLibrary(queryClient: QueryClient): Promise<void> {
  await ignoreAuthRequired(
    Promise.all([
      queryClient.ensureQueryData(promptsOptions()),
      queryClient.ensureQueryData(promptCategoriesOptions()),
    ]),
  );
}

/** A prompt's documents, for its form (only those the editor may read come back). */
export const promptDocumentsOptions = (documentIds: string[]) =>
  liveQueryOptions(documentsApi.getMany, { documentIds });
