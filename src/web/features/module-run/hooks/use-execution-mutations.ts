import * as modulesApi from "#shared/api/modules.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";

/** Start a run; the form shows refusals on their fields (no toast). */
export const useRunModule = () => useLiveMutation(modulesApi.run, { showErrorToast: false });

/** Stop a run: shown cancelled at once, put back (with a toast) if refused. */
export const useCancelExecution = () =>
  useLiveMutation(modulesApi.cancelExecution, {
    optimisticUpdate: (store, { executionId }) => {
      const current = store.getQuery(modulesApi.getModuleExecutionById, { executionId });
      if (current) {
        store.setQuery(
          modulesApi.getModuleExecutionById,
          { executionId },
          { ...current, status: "cancelled", canCancel: false, finishedAt: Date.now() },
        );
      }
    },
  });
