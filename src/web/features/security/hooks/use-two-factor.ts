import * as twoFactorApi from "#shared/api/two-factor.ts";
import { useAction, useLiveMutation } from "../../../lib/sync/mutations.ts";

/** The writes of /account/security; their errors show where they were made. */
export const useBeginSetup = () => useAction(twoFactorApi.beginSetup);
export const useConfirmSetup = () =>
  useLiveMutation(twoFactorApi.confirmSetup, { showErrorToast: false });
export const useDisableTwoFactor = () =>
  useLiveMutation(twoFactorApi.disable, { showErrorToast: false });
export const useRegenerateRecoveryCodes = () =>
  useLiveMutation(twoFactorApi.regenerateRecoveryCodes, { showErrorToast: false });
