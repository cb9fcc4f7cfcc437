import * as threadsApi from "#shared/api/threads.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";
import { THREAD_LIST_ARGS } from "../api/thread-list-queries.ts";

/**
 * Rename and delete a thread, shown at once in the list (and the open
 * conversation's title), rolled back with a toast if the server refuses.
 */
export function useThreadActions() {
  const rename = useLiveMutation(threadsApi.rename, {
    optimisticUpdate: (store, args) => {
      const title = args.title.trim();
      const list = store.getQuery(threadsApi.list, THREAD_LIST_ARGS);
      if (list) {
        store.setQuery(
          threadsApi.list,
          THREAD_LIST_ARGS,
          list.map((t) => (t._id === args.threadId ? { ...t, title } : t)),
        );
      }
      const thread = store.getQuery(threadsApi.getThread, { threadId: args.threadId });
      if (thread)
        store.setQuery(threadsApi.getThread, { threadId: args.threadId }, { ...thread, title });
    },
  });
  const remove = useLiveMutation(threadsApi.remove, {
    optimisticUpdate: (store, args) => {
      const list = store.getQuery(threadsApi.list, THREAD_LIST_ARGS);
      if (list) {
        store.setQuery(
          threadsApi.list,
          THREAD_LIST_ARGS,
          list.filter((t) => t._id !== args.threadId),
        );
      }
    },
  });
  return { rename, remove };
}
