import { api } from "#shared/api/index.ts";
import { liveQueryOptions } from "./sync/live-query.ts";

/**
 * The queries that several features read (features do not import each
 * other): the signed-in user (the shell, the command center, the account
 * page) and the dossier's folders (the dossier, the chat's document picker).
 * A query only one feature reads has its factory in that feature's api/.
 */
export const meOptions = () => liveQueryOptions(api.users.getMe, {});

export const allFoldersOptions = () => liveQueryOptions(api.folders.getAll, {});
