import { useQueryClient } from "@tanstack/react-query";
import * as documentsApi from "#shared/api/documents.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";
import { editListedDocument } from "../api/listed-documents.ts";

/**
 * Document changes, shown at once in every loaded listing and in the
 * document view, then reconciled with the server's answer (the sync layer
 * rolls them back when the server says no: rename and move dialogs show
 * why by their fields, remove and retry in a toast).
 */

export function useRenameDocument() {
  const client = useQueryClient();
  return useLiveMutation(documentsApi.rename, {
    showErrorToast: false,
    optimisticUpdate: (store, { documentId, name }) => {
      const trimmed = name.trim();
      editListedDocument(client, store, documentId, (document) => ({ ...document, name: trimmed }));
      const open = store.getQuery(documentsApi.get, { documentId });
      if (open) store.setQuery(documentsApi.get, { documentId }, { ...open, name: trimmed });
    },
  });
}

export function useMoveDocument() {
  const client = useQueryClient();
  return useLiveMutation(documentsApi.move, {
    showErrorToast: false,
    optimisticUpdate: (store, { documentId, folderId }) => {
      // It leaves the folder it was listed in; the target's live list brings it in.
      editListedDocument(client, store, documentId, (document, args) =>
        args.filter.folderId === folderId ? { ...document, folderId } : null,
      );
      const open = store.getQuery(documentsApi.get, { documentId });
      if (open) store.setQuery(documentsApi.get, { documentId }, { ...open, folderId });
    },
  });
}

export function useRemoveDocument() {
  const client = useQueryClient();
  return useLiveMutation(documentsApi.remove, {
    optimisticUpdate: (store, { documentId }) => {
      editListedDocument(client, store, documentId, () => null);
    },
  });
}

export function useRetryDocument() {
  const client = useQueryClient();
  return useLiveMutation(documentsApi.retry, {
    optimisticUpdate: (store, { documentId }) => {
      const pending = { processingStatus: "pending" as const, processingError: null };
      editListedDocument(client, store, documentId, (document) => ({ ...document, ...pending }));
      const open = store.getQuery(documentsApi.get, { documentId });
      if (open) store.setQuery(documentsApi.get, { documentId }, { ...open, ...pending });
    },
  });
}

/** Tags and the primary tag (decision 031), shown at once in listings and the open document. */
export function useSetDocumentTags() {
  const client = useQueryClient();
  return useLiveMutation(documentsApi.setTags, {
    optimisticUpdate: (store, { documentId, tags, primaryTagName }) => {
      const patch = {
        tags: primaryTagName && !tags.includes(primaryTagName) ? [primaryTagName, ...tags] : tags,
        primaryTagName,
      };
      editListedDocument(client, store, documentId, (document) => ({ ...document, ...patch }));
      const open = store.getQuery(documentsApi.get, { documentId });
      if (open) store.setQuery(documentsApi.get, { documentId }, { ...open, ...patch });
    },
  });
}
