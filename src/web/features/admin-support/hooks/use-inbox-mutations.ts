import * as adminSupportApi from "#shared/api/admin-support.ts";
import * as supportApi from "#shared/api/support.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";

/** The answer box shows its own errors; closing and reopening report theirs in a toast. */
export const useAnswerRequest = () => useLiveMutation(supportApi.reply, { showErrorToast: false });
export const useCloseRequest = () => useLiveMutation(adminSupportApi.close);
export const useReopenRequest = () => useLiveMutation(adminSupportApi.reopen);
