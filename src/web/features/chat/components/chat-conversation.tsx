import type { Chat } from "@ai-sdk/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { Thread } from "#shared/schemas/chat.ts";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { useAuthClient } from "../../../lib/auth/auth-context.ts";
import { useChatDraft } from "../hooks/use-chat-draft.ts";
import { useChatSession } from "../hooks/use-chat-session.ts";
import { useModelChoice } from "../hooks/use-model-choice.ts";
import { useThreadDocuments } from "../hooks/use-thread-documents.ts";
import { type AtriumMessage, messageMeta } from "../lib/chat-message.ts";
import { ChatErrorBanner } from "./chat-error-banner.tsx";
import { ChatHeader } from "./chat-header.tsx";
import { ComposerArea } from "./composer-area.tsx";
import { MessageList } from "./message-list.tsx";
import { StreamingBadge } from "./streaming-badge.tsx";

/** An empty conversation's content; `fill` puts a suggestion in the message box. */
export type EmptyStateRenderer = (actions: { fill: (text: string) => void }) => ReactNode;

interface ChatConversationProps {
  chat: Chat<AtriumMessage>;
  threadId: string;
  isNew: boolean;
  thread: Thread | undefined;
  stored: AtriumMessage[] | undefined;
  older?: { hasOlder: boolean; loadingOlder: boolean; loadOlder: () => void };
  staleTime: number;
  onThreadCreated?: (threadId: string) => void;
  renderEmpty?: EmptyStateRenderer;
  defaultTitle: string;
  initialDraft?: string;
  /** A new chat's model and documents (a library prompt's), applied once they are known. */
  initialSetup?: ChatSetup;
}

/** What a new chat starts with besides its text. */
export interface ChatSetup {
  modelId: string | null;
  documents: DocumentSummary[];
}

/** The conversation on screen: title, messages, errors, and the message box with its tools. */
export function ChatConversation(props: ChatConversationProps) {
  const { chat, threadId, isNew, thread } = props;
  const auth = useAuthClient();
  const model = useModelChoice(thread, isNew ? props.initialSetup?.modelId : null);
  const modelRef = useRef(model.modelId);
  modelRef.current = model.modelId;
  const documents = useThreadDocuments(threadId, isNew, props.staleTime);
  const setupDocuments = isNew ? props.initialSetup?.documents : undefined;
  const addDocuments = useRef(documents.add);
  addDocuments.current = documents.add;
  // The documents a library prompt brings are added once, when they arrive.
  useEffect(() => {
    if (setupDocuments && setupDocuments.length > 0) addDocuments.current(setupDocuments);
  }, [setupDocuments]);
  // Only a thread that existed when the screen opened can have a stream to resume.
  const [resume] = useState(!isNew);
  const session = useChatSession({
    chat,
    stored: props.stored,
    serverStreaming: thread?.isStreaming ?? false,
    resume,
    fetchToken: auth.fetchAccessToken,
    getModelId: () => modelRef.current,
  });
  const composer = useChatDraft({
    threadId,
    isNew,
    session,
    getModelId: () => modelRef.current,
    draftDocuments: documents.draftDocuments,
    onThreadCreated: props.onThreadCreated,
    initialDraft: props.initialDraft,
  });

  const title = thread?.title ?? props.defaultTitle;
  usePageTitle(isNew ? props.defaultTitle : title);

  const retry = () => {
    session.clearError();
    void session.regenerate();
  };

  const empty = session.messages.length === 0 && !session.busy;
  // A failed answer the server saved shows its own error and Retry; the banner is for the rest.
  const last = session.messages.at(-1);
  const savedFailure = last?.role === "assistant" && messageMeta(last).status === "error";
  const banner =
    session.error && !savedFailure ? (
      <ChatErrorBanner error={session.error} onRetry={retry} />
    ) : null;

  return (
    <div className="flex h-dvh min-h-0 flex-col md:h-[calc(100dvh-1rem)]" data-testid="chat-view">
      <p className="sr-only" role="status">
        {session.busy ? "The assistant is answering." : ""}
      </p>
      <ChatHeader
        title={isNew ? props.defaultTitle : title}
        isHeading={!isNew}
        showNewChat={!isNew}
        detail={thread?.isStreaming || session.busy ? <StreamingBadge /> : null}
      />
      {empty ? (
        <div className="min-h-0 flex-1 overflow-y-auto" data-testid="chat-empty">
          {props.renderEmpty?.({ fill: composer.fill })}
        </div>
      ) : (
        <MessageList
          messages={session.messages}
          status={session.status}
          onEdit={(messageId, text) => void session.edit(messageId, text)}
          onRegenerate={() => void session.regenerate()}
          footer={banner}
          older={props.older}
        />
      )}
      <ComposerArea
        draft={composer.draft}
        onDraftChange={composer.setDraft}
        onSend={() => void composer.send()}
        onStop={() => void session.stop()}
        busy={session.busy}
        creating={composer.creating}
        inputRef={composer.inputRef}
        model={model}
        documents={documents}
      />
    </div>
  );
}
