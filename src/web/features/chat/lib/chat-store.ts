import { Chat } from "@ai-sdk/react";
import type { ChatTransport } from "ai";
import type { AtriumMessage } from "./chat-message.ts";

/**
 * Open conversations live here, outside React, so an answer keeps streaming
 * when its screen re-renders or remounts (a new chat getting its URL, a trip
 * to another page and back). Keyed by user and thread, so a different user
 * signing in on this tab never sees another's conversation. The oldest idle
 * ones are let go beyond a small number.
 */
const MAX_IDLE_CHATS = 8;

const chats = new Map<string, Chat<AtriumMessage>>();

export interface ChatStoreOptions {
  userId: string;
  threadId: string;
  messages: AtriumMessage[];
  /** Made only when the conversation is first opened here. */
  createTransport: () => ChatTransport<AtriumMessage>;
}

export function getOrCreateChat(options: ChatStoreOptions): Chat<AtriumMessage> {
  const key = `${options.userId}:${options.threadId}`;
  const existing = chats.get(key);
  if (existing) {
    // Most recently used last.
    chats.delete(key);
    chats.set(key, existing);
    return existing;
  }
  const chat = new Chat<AtriumMessage>({
    id: options.threadId,
    messages: options.messages,
    transport: options.createTransport(),
  });
  chats.set(key, chat);
  evictIdle();
  return chat;
}

/** Whether this tab already holds the conversation (so it needs no loading). */
export function hasChat(userId: string, threadId: string): boolean {
  return chats.has(`${userId}:${threadId}`);
}

function evictIdle(): void {
  for (const [key, chat] of chats) {
    if (chats.size <= MAX_IDLE_CHATS) return;
    if (chat.status === "submitted" || chat.status === "streaming") continue;
    chats.delete(key);
  }
}
