import { useQueryClient } from "@tanstack/react-query";
import { api } from "#shared/api/index.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";
import { editListedDocument } from "../api/listed-documents.ts";

/**
 * Sharing and stars. A star shows at once in every loaded listing, the
 * document view and the folder tree, then the server's live answer
 * reconciles every tab; grants wait for the server (the dialog shows why a
 * grant was refused).
 */

export function useSetShare() {
  return useLiveMutation(api.shares.set, { showErrorToast: false });
}

export function useRemoveShare() {
  return useLiveMutation(api.shares.remove);
}

export function useSetDocumentFavorite() {
  const client = useQueryClient();
  return useLiveMutation(api.documents.setFavorite, {
    optimisticUpdate: (store, { documentId, favorite }) => {
      editListedDocument(client, store, documentId, (document) => ({
        ...document,
        isFavorite: favorite,
      }));
      const open = store.getQuery(api.documents.get, { documentId });
      if (open)
        store.setQuery(api.documents.get, { documentId }, { ...open, isFavorite: favorite });
    },
  });
}

export function useSetFolderFavorite() {
  return useLiveMutation(api.folders.setFavorite, {
    optimisticUpdate: (store, { folderId, favorite }) => {
      const all = store.getQuery(api.folders.getAll, {});
      if (!all) return;
      store.setQuery(
        api.folders.getAll,
        {},
        all.map((folder) =>
          folder._id === folderId ? { ...folder, isFavorite: favorite } : folder,
        ),
      );
    },
  });
}
