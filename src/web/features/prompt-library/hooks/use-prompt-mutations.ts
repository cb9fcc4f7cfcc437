import * as promptsApi from "#shared/api/prompts.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";

/**
 * Writes to the library. The form dialogs show their own errors (no toast);
 * archiving hides the card at once and puts it back, with a toast, if refused.
 */
export const useCreatePrompt = () => useLiveMutation(promptsApi.create, { showErrorToast: false });

export const useCreatePromptCategory = () =>
  useLiveMutation(promptsApi.createCategory, { showErrorToast: false });

export const useUpdatePrompt = () => useLiveMutation(promptsApi.update, { showErrorToast: false });

export const useArchivePrompt = () =>
  useLiveMutation(promptsApi.archive, {
    optimisticUpdate: (store, { promptId }) => {
      const prompts = store.getQuery(promptsApi.listPrompts, {});
      if (prompts) {
        store.setQuery(
          promptsApi.listPrompts,
          {},
          prompts.filter((p) => p._id !== promptId),
        );
      }
    },
  });

/**
 * Put the caller's editable prompts in a new order (prompts.reorder numbers
 * them 0, 1, 2...): the library shows it at once and puts it back if refused.
 */
export const useReorderPrompts = () =>
  useLiveMutation(promptsApi.reorder, {
    optimisticUpdate: (store, { promptIds }) => {
      const prompts = store.getQuery(promptsApi.listPrompts, {});
      if (!prompts) return;
      const order = new Map(promptIds.map((id, index) => [id, index]));
      const renumbered = prompts.map((p) => {
        const index = order.get(p._id);
        return index === undefined ? p : { ...p, sortOrder: index };
      });
      store.setQuery(
        promptsApi.listPrompts,
        {},
        renumbered.sort(
          (a, b) =>
            a.sortOrder - b.sortOrder ||
            a.title.toLowerCase().localeCompare(b.title.toLowerCase()) ||
            a._id.localeCompare(b._id),
        ),
      );
    },
  });

/** /admin/prompts: archive or restore any prompt; the list follows live. */
export const useSetPromptArchived = () => useLiveMutation(promptsApi.setArchived);
