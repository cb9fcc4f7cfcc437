import * as modulesApi from "#shared/api/modules.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";

/**
 * Writes to the modules. The form shows its own errors (no toast); archive,
 * restore and rotate report a refusal with a toast. The lists follow live.
 */
export const useCreateModule = () => useLiveMutation(modulesApi.create, { showErrorToast: false });

export const useUpdateModule = () => useLiveMutation(modulesApi.update, { showErrorToast: false });

export const useCreateModuleCategory = () =>
  useLiveMutation(modulesApi.createCategory, { showErrorToast: false });

/** The confirmation dialog shows a refusal (no toast). */
export const useArchiveModule = () =>
  useLiveMutation(modulesApi.archive, { showErrorToast: false });

export const useRestoreModule = () =>
  useLiveMutation(modulesApi.restore, { showErrorToast: false });

export const useRotateModuleSecret = () =>
  useLiveMutation(modulesApi.rotateSecret, { showErrorToast: false });
