import * as foldersApi from "#shared/api/folders.ts";
import * as modelsApi from "#shared/api/models.ts";
import * as promptsApi from "#shared/api/prompts.ts";
import * as usersApi from "#shared/api/users.ts";
import { STALE_TIME } from "#shared/constants.ts";
import { liveQueryOptions } from "./sync/live-query.ts";

/**
 * The queries that several features read (features do not import each
 * other): the signed-in user (the shell, the command center, the account
 * page), the dossier's folders (the dossier, the chat's document picker) and
 * the prompt library (its page, the composer's `/` menu) and the models on
 * offer (the chat, the prompt form).
 * A query only one feature reads has its factory in that feature's api/.
 */
export const meOptions = () => liveQueryOptions(usersApi.getMe, {});

export const allFoldersOptions = () => liveQueryOptions(foldersApi.getAll, {});

/** The library: the organization's prompts and the global ones (SPEC 9: stale after 2 minutes). */
export const promptsOptions = () =>
  liveQueryOptions(promptsApi.listPrompts, {}, { staleTime: STALE_TIME.prompts });

/** The models this server offers, with the user's and the organization's default choice. */
export const modelListOptions = () => liveQueryOptions(modelsApi.list, {});
