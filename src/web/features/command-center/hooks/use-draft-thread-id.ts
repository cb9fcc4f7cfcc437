import { useState } from "react";

/**
 * The id the next new chat will have (chosen here so the chat can start
 * before the server answers). A fresh one each time the page goes back to
 * "no thread" (New chat), so a finished conversation is never reused.
 */
export function useDraftThreadId(threadId: string | undefined): string {
  const [state, setState] = useState(() => ({ draftId: newThreadId(), lastThreadId: threadId }));
  if (state.lastThreadId !== threadId) {
    const draftId = threadId === undefined ? newThreadId() : state.draftId;
    setState({ draftId, lastThreadId: threadId });
    return draftId;
  }
  return state.draftId;
}

/** A random id well over SPEC's 10 characters (randomUUID needs https; getRandomValues does not). */
export function newThreadId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
