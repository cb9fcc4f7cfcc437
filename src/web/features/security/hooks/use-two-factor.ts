import { api } from "#shared/api/index.ts";
import { useAction, useLiveMutation } from "../../../lib/sync/mutations.ts";

/** The writes of /account/security; their errors show where they were made. */
export const useBeginSetup = () => useAction(api.twoFactor.beginSetup);
export const useConfirmSetup = () =>
  useLiveMutation(api.twoFactor.confirmSetup, { showErrorToast: false });
export const useDisableTwoFactor = () =>
  useLiveMutation(api.twoFactor.disable, { showErrorToast: false });
export const useRegenerateRecoveryCodes = () =>
  useLiveMutation(api.twoFactor.regenerateRecoveryCodes, { showErrorToast: false });
