import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import * as threadsApi from "#shared/api/threads.ts";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";
import { seedNewThread } from "../api/thread-queries.ts";
import type { ChatSession } from "./use-chat-session.ts";

interface ChatDraftOptions {
  threadId: string;
  /** A chat not sent yet: its thread is created with the first message. */
  isNew: boolean;
  session: ChatSession;
  getModelId: () => string | null;
  /** A new chat's documents, attached when its thread is created. */
  draftDocuments: DocumentSummary[];
  onThreadCreated?: (threadId: string) => void;
  /** Text the message box starts with. */
  initialDraft?: string;
}

/**
 * The message box: its text, focus, suggestions put into it, and Send. A new
 * chat's thread is created first (with the chosen model and documents, and
 * seeded into the cache so its page opens at once); if that fails, a toast
 * says why and the text stays in the box.
 */
export function useChatDraft(options: ChatDraftOptions) {
  const { threadId, isNew, session, getModelId, draftDocuments } = options;
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(options.initialDraft ?? "");
  const [creating, setCreating] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const createThread = useLiveMutation(threadsApi.create);

  const send = async () => {
    const text = draft.trim();
    if (!text || session.busy || creating) return;
    if (isNew) {
      setCreating(true);
      try {
        const created = await createThread.mutateAsync({
          threadId,
          modelId: getModelId(),
          documentIds: draftDocuments.map((d) => d._id),
        });
        seedNewThread(queryClient, created, draftDocuments);
      } catch {
        // The toast says why; the text stays in the box.
        setCreating(false);
        return;
      }
    }
    setDraft("");
    void session.send(text);
    if (isNew) options.onThreadCreated?.(threadId);
    setCreating(false);
  };

  const fill = (text: string) => {
    setDraft(text);
    inputRef.current?.focus();
  };

  // Ready to type: the message box has focus when a conversation opens.
  useEffect(() => {
    inputRef.current?.focus({ preventScroll: true });
  }, []);

  return { draft, setDraft, creating, send, fill, inputRef };
}
