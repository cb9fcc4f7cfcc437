import { api } from "#shared/api/index.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";

/**
 * Writes to drafts. The editor and the dialogs show their own errors (a
 * stale edit must offer reload or copy, not a passing toast); discard shows
 * a toast when refused.
 */
export const useUpdateDraft = () => useLiveMutation(api.drafts.update, { showErrorToast: false });

export const useSaveDraftToDossier = () =>
  useLiveMutation(api.drafts.saveToDossier, { showErrorToast: false });

export const useRegenerateDraft = () =>
  useLiveMutation(api.drafts.regenerate, { showErrorToast: false });

export const useDiscardDraft = () => useLiveMutation(api.drafts.discard);
