import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import * as threadsApi from "#shared/api/threads.ts";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";
import { threadArgs, threadDocumentsOptions } from "../api/thread-queries.ts";

/**
 * The documents of the conversation: live from the server for a thread, or
 * kept here for a chat that has not been sent yet (they are attached when the
 * thread is created). Attaching and removing show at once and roll back with
 * a toast if the server says no.
 */
export function useThreadDocuments(threadId: string, isNew: boolean, staleTime?: number) {
  const [draft, setDraft] = useState<DocumentSummary[]>([]);
  /** Every document picked here, so an optimistic attach can show it by id. */
  const picked = useRef(new Map<string, DocumentSummary>());
  const query = useQuery({ ...threadDocumentsOptions(threadId, staleTime), enabled: !isNew });

  const attach = useLiveMutation(threadsApi.attachDocuments, {
    optimisticUpdate: (store, args) => {
      const current = store.getQuery(
        threadsApi.getThreadDocumentsOptional,
        threadArgs(args.threadId),
      );
      if (!current) return;
      const added = args.documentIds.flatMap((id) => {
        const document = picked.current.get(id);
        return document ? [document] : [];
      });
      const known = new Set(current.map((d) => d._id));
      store.setQuery(threadsApi.getThreadDocumentsOptional, threadArgs(args.threadId), [
        ...current,
        ...added.filter((d) => !known.has(d._id)),
      ]);
    },
  });
  const detach = useLiveMutation(threadsApi.detachDocument, {
    optimisticUpdate: (store, args) => {
      const current = store.getQuery(
        threadsApi.getThreadDocumentsOptional,
        threadArgs(args.threadId),
      );
      if (!current) return;
      store.setQuery(
        threadsApi.getThreadDocumentsOptional,
        threadArgs(args.threadId),
        current.filter((d) => d._id !== args.documentId),
      );
    },
  });

  const documents = isNew ? draft : (query.data ?? []);

  const add = (documents: DocumentSummary[]) => {
    if (documents.length === 0) return;
    for (const document of documents) picked.current.set(document._id, document);
    if (isNew) setDraft((current) => mergeDocuments(current, documents));
    else attach.mutate({ threadId, documentIds: documents.map((d) => d._id) });
  };

  const remove = (document: DocumentSummary) => {
    if (isNew) setDraft((current) => current.filter((d) => d._id !== document._id));
    else detach.mutate({ threadId, documentId: document._id });
  };

  return { documents, draftDocuments: draft, add, remove };
}

function mergeDocuments(current: DocumentSummary[], added: DocumentSummary[]): DocumentSummary[] {
  const known = new Set(current.map((d) => d._id));
  return [...current, ...added.filter((d) => !known.has(d._id))];
}
