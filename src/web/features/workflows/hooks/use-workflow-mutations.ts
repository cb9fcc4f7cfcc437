import { api } from "#shared/api/index.ts";
import { useAction, useLiveMutation } from "../../../lib/sync/mutations.ts";

/** Writes of the workflows screens; forms show refusals on their fields (no toast). */
export const useCreateWorkflow = () =>
  useLiveMutation(api.workflows.create, { showErrorToast: false });
export const useUpdateWorkflow = () =>
  useLiveMutation(api.workflows.update, { showErrorToast: false });
export const useArchiveWorkflow = () => useLiveMutation(api.workflows.archive);
export const useRunWorkflow = () => useLiveMutation(api.workflows.run, { showErrorToast: false });
export const useRetryStep = () => useLiveMutation(api.workflows.retryStep);
export const useSetMembersCanCreate = () => useLiveMutation(api.workflows.setMembersCanCreate);
export const useTestStep = () => useAction(api.workflows.testStep);

/** Stop a run: shown cancelled at once, put back (with a toast) if refused. */
export const useCancelRun = () =>
  useLiveMutation(api.workflows.cancelRun, {
    optimisticUpdate: (store, { runId }) => {
      const current = store.getQuery(api.workflows.getRun, { runId });
      if (current) {
        store.setQuery(
          api.workflows.getRun,
          { runId },
          { ...current, status: "cancelled", canCancel: false, finishedAt: Date.now() },
        );
      }
    },
  });
