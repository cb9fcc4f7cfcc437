import * as workflowsApi from "#shared/api/workflows.ts";
import { useAction, useLiveMutation } from "../../../lib/sync/mutations.ts";

/** Writes of the workflows screens; forms show refusals on their fields (no toast). */
export const useCreateWorkflow = () =>
  useLiveMutation(workflowsApi.create, { showErrorToast: false });
export const useUpdateWorkflow = () =>
  useLiveMutation(workflowsApi.update, { showErrorToast: false });
export const useArchiveWorkflow = () => useLiveMutation(workflowsApi.archive);
export const useRunWorkflow = () => useLiveMutation(workflowsApi.run, { showErrorToast: false });
export const useRetryStep = () => useLiveMutation(workflowsApi.retryStep);
export const useSetMembersCanCreate = () => useLiveMutation(workflowsApi.setMembersCanCreate);
export const useTestStep = () => useAction(workflowsApi.testStep);

/** Stop a run: shown cancelled at once, put back (with a toast) if refused. */
export const useCancelRun = () =>
  useLiveMutation(workflowsApi.cancelRun, {
    optimisticUpdate: (store, { runId }) => {
      const current = store.getQuery(workflowsApi.getRun, { runId });
      if (current) {
        store.setQuery(
          workflowsApi.getRun,
          { runId },
          { ...current, status: "cancelled", canCancel: false, finishedAt: Date.now() },
        );
      }
    },
  });
