import { api } from "#shared/api/index.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";

/** The form and the reply box show their own errors (no toast). */
export const useCreateSupportRequest = () =>
  useLiveMutation(api.support.create, { showErrorToast: false });

export const useReplyToSupport = () =>
  useLiveMutation(api.support.reply, { showErrorToast: false });
