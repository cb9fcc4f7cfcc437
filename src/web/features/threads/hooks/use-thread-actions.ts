import { api } from "#shared/api/index.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";
import { THREAD_LIST_ARGS } from "../api/thread-list-queries.ts";

/**
 * Rename and delete a thread, shown at once in the list (and the open
 * conversation's title), rolled back with a toast if the server refuses.
 */
export function useThreadActions() {
  const rename = useLiveMutation(api.threads.rename, {
    optimisticUpdate: (store, args) => {
      const title = args.title.trim();
      const list = store.getQuery(api.threads.list, THREAD_LIST_ARGS);
      if (list) {
        store.setQuery(
          api.threads.list,
          THREAD_LIST_ARGS,
          list.map((t) => (t._id === args.threadId ? { ...t, title } : t)),
        );
      }
      const thread = store.getQuery(api.threads.getThread, { threadId: args.threadId });
      if (thread)
        store.setQuery(api.threads.getThread, { threadId: args.threadId }, { ...thread, title });
    },
  });
  const remove = useLiveMutation(api.threads.remove, {
    optimisticUpdate: (store, args) => {
      const list = store.getQuery(api.threads.list, THREAD_LIST_ARGS);
      if (list) {
        store.setQuery(
          api.threads.list,
          THREAD_LIST_ARGS,
          list.filter((t) => t._id !== args.threadId),
        );
      }
    },
  });
  return { rename, remove };
}
