import * as foldersApi from "#shared/api/folders.ts";
import { subtreeIds } from "../../../lib/folder-tree.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";

/**
 * Folder changes. Rename, move and remove show at once in the tree (the
 * folders.getAll cache) and are reconciled with the server's answer; create
 * waits for the server, which chooses the slug and path.
 */

export function useCreateFolder() {
  // The dialog shows the server's message by the name field instead of a toast.
  return useLiveMutation(foldersApi.create, { showErrorToast: false });
}

export function useRenameFolder() {
  return useLiveMutation(foldersApi.rename, {
    showErrorToast: false,
    optimisticUpdate: (store, { folderId, name }) => {
      const all = store.getQuery(foldersApi.getAll, {});
      if (!all) return;
      store.setQuery(
        foldersApi.getAll,
        {},
        all.map((folder) => (folder._id === folderId ? { ...folder, name: name.trim() } : folder)),
      );
    },
  });
}

export function useMoveFolder() {
  return useLiveMutation(foldersApi.move, {
    showErrorToast: false,
    optimisticUpdate: (store, { folderId, parentId }) => {
      const all = store.getQuery(foldersApi.getAll, {});
      if (!all) return;
      store.setQuery(
        foldersApi.getAll,
        {},
        all.map((folder) => (folder._id === folderId ? { ...folder, parentId } : folder)),
      );
    },
  });
}

export function useRemoveFolder() {
  return useLiveMutation(foldersApi.remove, {
    optimisticUpdate: (store, { folderId }) => {
      const all = store.getQuery(foldersApi.getAll, {});
      if (!all) return;
      const removed = subtreeIds(all, folderId);
      store.setQuery(
        foldersApi.getAll,
        {},
        all.filter((folder) => !removed.has(folder._id)),
      );
    },
  });
}
