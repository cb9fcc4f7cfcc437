import * as draftsApi from "#shared/api/drafts.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";

/**
 * Writes to drafts. The editor and the dialogs show their own errors (a
 * stale edit must offer reload or copy, not a passing toast); discard shows
 * a toast when refused.
 */
export const useUpdateDraft = () => useLiveMutation(draftsApi.update, { showErrorToast: false });

export const useSaveDraftToDossier = () =>
  useLiveMutation(draftsApi.saveToDossier, { showErrorToast: false });

export const useRegenerateDraft = () =>
  useLiveMutation(draftsApi.regenerate, { showErrorToast: false });

export const useDiscardDraft = () => useLiveMutation(draftsApi.discard);
