import * as supportApi from "#shared/api/support.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";

/** The form and the reply box show their own errors (no toast). */
export const useCreateSupportRequest = () =>
  useLiveMutation(supportApi.create, { showErrorToast: false });

export const useReplyToSupport = () => useLiveMutation(supportApi.reply, { showErrorToast: false });
