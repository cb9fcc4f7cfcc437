import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import { api } from "#shared/api/index.ts";
import { AppError } from "#shared/errors.ts";
import type { ChatMessage } from "#shared/schemas/chat.ts";
import { implement } from "../api/registry.ts";
import type { Executor } from "../db/database.ts";
import { messages } from "../db/schema.ts";
import { dependOnThread, dependOnThreadMessages } from "../threads/live-keys.ts";
import { findOwnThread, type ThreadRow } from "../threads/thread-access.ts";
import { messageView } from "./message-view.ts";

/**
 * Opaque cursors: "the messages before this seq". New messages go to the
 * end of a thread, so an older page stays put while the chat goes on.
 */
const CURSOR = /^before:(-?\d{1,10})$/;
const INT4_MAX = 2_147_483_647;

export function encodeMessageCursor(seq: number): string {
  return Buffer.from(`before:${seq}`, "utf8").toString("base64url");
}

export function decodeMessageCursor(value: string): number {
  const match = CURSOR.exec(Buffer.from(value, "base64url").toString("utf8"));
  const seq = match ? Number(match[1]) : Number.NaN;
  if (!Number.isSafeInteger(seq) || Math.abs(seq) > INT4_MAX) {
    throw new AppError(
      "INVALID_ARGS",
      "This page of the conversation is no longer valid. Reload the chat and try again.",
      { issues: [{ path: "paginationOpts.cursor", message: "Invalid cursor" }] },
    );
  }
  return seq;
}

export interface MessagePage {
  page: ChatMessage[];
  isDone: boolean;
  continueCursor: string;
}

const EMPTY_PAGE: MessagePage = { page: [], isDone: true, continueCursor: "" };

export async function readMessagePage(
  db: Executor,
  thread: Pick<ThreadRow, "id" | "organizationId">,
  options: { numItems: number; cursor: string | null; excludeToolMessages: boolean },
): Promise<MessagePage> {
  const conditions: SQL[] = [
    eq(messages.threadId, thread.id),
    eq(messages.organizationId, thread.organizationId),
  ];
  if (options.cursor !== null)
    conditions.push(lt(messages.seq, decodeMessageCursor(options.cursor)));
  if (options.excludeToolMessages) conditions.push(eq(messages.isToolOnly, false));
  // Newest first through the (thread_id, seq) index, one extra row to know if older ones remain.
  const rows = await db
    .select()
    .from(messages)
    .where(and(...conditions))
    .orderBy(desc(messages.seq))
    .limit(options.numItems + 1);
  const isDone = rows.length <= options.numItems;
  const shown = rows.slice(0, options.numItems).reverse();
  const oldest = shown[0];
  return {
    page: shown.map(messageView),
    isDone,
    continueCursor: isDone || !oldest ? "" : encodeMessageCursor(oldest.seq),
  };
}

/**
 * A thread's messages in pages, each oldest first. The first page (cursor
 * null) is the conversation's END: its latest `numItems` messages, which is
 * what a chat shows and what the /threads and /command-center loaders
 * preload (SPEC: 100, no cursor). `continueCursor` leads to the messages
 * before it, and so on back to the first message (`isDone`). Only the first
 * page changes as a chat goes on, so a thread of 1,000 messages costs one
 * 100-message page per live update, never the whole thread. When a new
 * message pushes the first page's oldest one out, its `continueCursor`
 * changes: a client holding older pages re-requests them from it (or keeps
 * the message it already has). A missing thread, or anybody else's, is an
 * empty, finished page (SPEC's "Optional"). Re-runs on this thread's row and
 * messages only.
 */
const getThreadMessagesOptional = implement(
  api.messages.getThreadMessagesOptional,
  async (ctx, args) => {
    dependOnThread(ctx, args.threadId);
    dependOnThreadMessages(ctx, args.threadId);
    const thread = await findOwnThread(ctx.db, ctx.user, args.threadId);
    if (!thread) {
      // Still reject a malformed cursor, so a client bug shows up before the thread exists.
      if (args.paginationOpts.cursor !== null) decodeMessageCursor(args.paginationOpts.cursor);
      return EMPTY_PAGE;
    }
    return readMessagePage(ctx.db, thread, {
      numItems: args.paginationOpts.numItems,
      cursor: args.paginationOpts.cursor,
      excludeToolMessages: args.excludeToolMessages,
    });
  },
);

export const messageFunctions = [getThreadMessagesOptional];
