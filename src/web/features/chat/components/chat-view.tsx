import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { isAppError } from "#shared/errors.ts";
import { ErrorView } from "../../../components/error-view.tsx";
import { useAuth, useAuthClient } from "../../../lib/auth/auth-context.ts";
import { createChatTransport } from "../api/chat-transport.ts";
import { threadOptions } from "../api/thread-queries.ts";
import { useThreadHistory } from "../hooks/use-thread-history.ts";
import { getOrCreateChat, hasChat } from "../lib/chat-store.ts";
import { ChatConversation, type ChatSetup, type EmptyStateRenderer } from "./chat-conversation.tsx";
import { ChatSkeleton } from "./chat-skeleton.tsx";
import { preloadMarkdown } from "./markdown/lazy-markdown.tsx";
import { ThreadNotFound } from "./thread-not-found.tsx";

export interface ChatViewProps {
  threadId: string;
  /** A chat not sent yet: its thread is created with the first message. */
  isNew: boolean;
  /** Freshness of the preloaded thread (SPEC 9: 5 min command center, 2 min threads). */
  staleTime: number;
  /** A new chat's thread now exists (the page puts its id in the address). */
  onThreadCreated?: (threadId: string) => void;
  /** What an empty conversation shows. */
  renderEmpty?: EmptyStateRenderer;
  /** The page title while the thread has no title of its own. */
  defaultTitle: string;
  /** Text the message box starts with (a filled prompt from the library). */
  initialDraft?: string;
  /** A new chat's model and documents (a library prompt's). */
  initialSetup?: ChatSetup;
}

/**
 * A conversation screen: loads the thread and its stored messages (the route
 * preloaded them), then hands them to the chat. A conversation this tab
 * already holds (a new chat just sent, a stream still running) opens at once.
 */
export function ChatView(props: ChatViewProps) {
  const { threadId, isNew, staleTime } = props;
  const { userId } = useAuth();
  const auth = useAuthClient();
  const thread = useQuery({ ...threadOptions(threadId, staleTime), enabled: !isNew });
  const history = useThreadHistory(threadId, !isNew, staleTime);
  useEffect(() => {
    // A new chat opens without the Markdown renderer; it is fetched now, before the first answer.
    preloadMarkdown().catch((error: unknown) =>
      console.warn("Could not load the Markdown renderer; answers show as plain text", error),
    );
  }, []);

  if (!userId) return null;
  if (!isNew && thread.error) {
    // Deleted meanwhile (a live update) or never there: either way, not available.
    if (isAppError(thread.error) && thread.error.code === "NOT_FOUND") {
      return <ThreadNotFound threadId={threadId} />;
    }
    // Other failures of a live update keep what is shown; only a failed first load is an error.
    if (!thread.data) return <ErrorView error={thread.error} reset={() => void thread.refetch()} />;
  }
  if (!isNew && history.status === "error") {
    return <ErrorView error={history.error} />;
  }
  const ready =
    isNew || hasChat(userId, threadId) || (thread.data !== undefined && history.status === "ready");
  if (!ready) return <ChatSkeleton />;

  const chat = getOrCreateChat({
    userId,
    threadId,
    messages: history.status === "ready" ? history.messages : [],
    createTransport: () => createChatTransport(auth.fetchAccessToken),
  });
  return (
    <ChatConversation
      key={threadId}
      chat={chat}
      threadId={threadId}
      isNew={isNew}
      thread={thread.data}
      stored={history.status === "ready" ? history.messages : undefined}
      older={history.status === "ready" ? history : undefined}
      staleTime={staleTime}
      onThreadCreated={props.onThreadCreated}
      renderEmpty={props.renderEmpty}
      defaultTitle={props.defaultTitle}
      initialDraft={props.initialDraft}
      initialSetup={props.initialSetup}
    />
  );
}
