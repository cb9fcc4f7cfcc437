import { useQueryClient } from "@tanstack/react-query";
import * as documentsApi from "#shared/api/documents.ts";
import * as foldersApi from "#shared/api/folders.ts";
import * as sharesApi from "#shared/api/shares.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";
import { editListedDocument } from "../api/listed-documents.ts";

/**
 * Sharing and stars. A star shows at once in every loaded listing, the
 * document view and the folder tree, then the server's live answer
 * reconciles every tab; grants wait for the server (the dialog shows why a
 * grant was refused).
 */

export function useSetShare() {
  return useLiveMutation(sharesApi.set, { showErrorToast: false });
}

export function useRemoveShare() {
  return useLiveMutation(sharesApi.remove);
}

export function useSetDocumentFavorite() {
  const client = useQueryClient();
  return useLiveMutation(documentsApi.setFavorite, {
    optimisticUpdate: (store, { documentId, favorite }) => {
      editListedDocument(client, store, documentId, (document) => ({
        ...document,
        isFavorite: favorite,
      }));
      const open = store.getQuery(documentsApi.get, { documentId });
      if (open) store.setQuery(documentsApi.get, { documentId }, { ...open, isFavorite: favorite });
    },
  });
}

export function useSetFolderFavorite() {
  return useLiveMutation(foldersApi.setFavorite, {
    optimisticUpdate: (store, { folderId, favorite }) => {
      const all = store.getQuery(foldersApi.getAll, {});
      if (!all) return;
      store.setQuery(
        foldersApi.getAll,
        {},
        all.map((folder) =>
          folder._id === folderId ? { ...folder, isFavorite: favorite } : folder,
        ),
      );
    },
  });
}
