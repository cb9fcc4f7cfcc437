import { api } from "#shared/api/index.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";

/**
 * Writes to the modules. The form shows its own errors (no toast); archive,
 * restore and rotate report a refusal with a toast. The lists follow live.
 */
export const useCreateModule = () => useLiveMutation(api.modules.create, { showErrorToast: false });

export const useUpdateModule = () => useLiveMutation(api.modules.update, { showErrorToast: false });

export const useCreateModuleCategory = () =>
  useLiveMutation(api.modules.createCategory, { showErrorToast: false });

export const useArchiveModule = () => useLiveMutation(api.modules.archive);

export const useRestoreModule = () => useLiveMutation(api.modules.restore);

export const useRotateModuleSecret = () => useLiveMutation(api.modules.rotateSecret);
