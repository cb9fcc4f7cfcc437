import { api } from "#shared/api/index.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";

/** Start a run; the form shows refusals on their fields (no toast). */
export const useRunModule = () => useLiveMutation(api.modules.run, { showErrorToast: false });

/** Stop a run: shown cancelled at once, put back (with a toast) if refused. */
export const useCancelExecution = () =>
  useLiveMutation(api.modules.cancelExecution, {
    optimisticUpdate: (store, { executionId }) => {
      const current = store.getQuery(api.modules.getModuleExecutionById, { executionId });
      if (current) {
        store.setQuery(
          api.modules.getModuleExecutionById,
          { executionId },
          { ...current, status: "cancelled", canCancel: false, finishedAt: Date.now() },
        );
      }
    },
  });
