import { type Chat, useChat } from "@ai-sdk/react";
import { useCallback, useEffect, useRef } from "react";
import { toast } from "../../../components/ui/toast-store.ts";
import { type FetchToken, stopChatOnServer } from "../api/chat-transport.ts";
import { chatErrorMessage } from "../lib/chat-error.ts";
import type { AtriumMessage } from "../lib/chat-message.ts";
import { mergeStored } from "../lib/merge-history.ts";

export interface ChatSessionOptions {
  chat: Chat<AtriumMessage>;
  /** The stored conversation, live (undefined until loaded, or for a new chat). */
  stored: AtriumMessage[] | undefined;
  /** True while the server says an answer is being written for this thread. */
  serverStreaming: boolean;
  /** Ask the server for a stream in flight when the screen opens (not for a brand-new chat). */
  resume: boolean;
  fetchToken: FetchToken;
  getModelId: () => string | null;
}

/**
 * One conversation on screen: the AI SDK chat (streaming, stop, regenerate,
 * edit and resend), kept in step with the stored, live conversation while
 * nothing streams here, and following an answer another tab started.
 */
export function useChatSession(options: ChatSessionOptions) {
  const { chat, stored, serverStreaming, fetchToken, getModelId } = options;
  const session = useChat<AtriumMessage>({ chat, resume: options.resume, throttle: 40 });
  const { status, messages, setMessages } = session;
  const busy = status === "submitted" || status === "streaming";

  useEffect(() => {
    if (busy || !stored) return;
    const merged = mergeStored(chat.messages, stored);
    if (merged) setMessages(merged);
  }, [busy, stored, chat, setMessages]);

  // An answer started elsewhere (another tab): listen in.
  const wasServerStreaming = useRef(serverStreaming);
  useEffect(() => {
    const started = serverStreaming && !wasServerStreaming.current;
    wasServerStreaming.current = serverStreaming;
    if (started && chat.status === "ready") void chat.resumeStream();
  }, [serverStreaming, chat]);

  const body = useCallback(() => {
    const modelId = getModelId();
    return modelId ? { modelId } : {};
  }, [getModelId]);

  const send = useCallback(
    (text: string) => chat.sendMessage({ text }, { body: body() }),
    [chat, body],
  );

  const edit = useCallback(
    (messageId: string, text: string) => chat.sendMessage({ text, messageId }, { body: body() }),
    [chat, body],
  );

  const regenerate = useCallback(() => {
    const last = chat.messages.at(-1);
    if (!last) return Promise.resolve();
    if (last.role === "assistant") return chat.regenerate({ messageId: last.id, body: body() });
    // The question never got an answer (the request failed): ask it again.
    const text = last.parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("\n");
    return chat.sendMessage({ text, messageId: last.id }, { body: body() });
  }, [chat, body]);

  const stop = useCallback(async () => {
    const stopping = stopChatOnServer(chat.id, fetchToken);
    await chat.stop();
    try {
      await stopping;
    } catch (error) {
      toast({
        title: "The answer may still be running",
        description: chatErrorMessage(error),
        variant: "warning",
      });
    }
  }, [chat, fetchToken]);

  return {
    messages,
    status,
    busy,
    error: session.error,
    clearError: session.clearError,
    send,
    edit,
    regenerate,
    stop,
  };
}

export type ChatSession = ReturnType<typeof useChatSession>;
