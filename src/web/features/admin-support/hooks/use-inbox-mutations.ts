import { api } from "#shared/api/index.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";

/** The answer box shows its own errors; closing and reopening report theirs in a toast. */
export const useAnswerRequest = () => useLiveMutation(api.support.reply, { showErrorToast: false });
export const useCloseRequest = () => useLiveMutation(api.admin.support.close);
export const useReopenRequest = () => useLiveMutation(api.admin.support.reopen);
