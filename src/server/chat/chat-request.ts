import type { z } from "zod";
import { AppError } from "#shared/errors.ts";
import {
  chatRequestSchema,
  lastMessageSchema,
  MAX_USER_TEXT_CHARS,
  textPartSchema,
} from "#shared/schemas/chat-request.ts";

/**
 * POST /api/chat's body (chatRequestSchema, shared with the web) read as the
 * turn needs it: only the last message is read, and only its text; the
 * history comes from the database, never from the client.
 */

export interface ChatRequest {
  threadId: string;
  trigger: "submit-message" | "regenerate-message";
  /** The message an edit or regeneration is about, when the client says. */
  messageId: string | null;
  modelId: string | null;
  /** The user's message: for a regeneration only its id is used. */
  userMessage: { id: string; text: string };
}

export function parseChatRequest(json: unknown): ChatRequest {
  const body = chatRequestSchema.safeParse(json);
  if (!body.success) throw invalid(body.error.issues);
  const last = lastMessageSchema.safeParse(body.data.messages.at(-1));
  if (!last.success) throw invalid(last.error.issues, "messages.last");
  // Text only: attachments go through the dossier (threads.attachDocuments).
  const text = last.data.parts
    .flatMap((part) => {
      const parsed = textPartSchema.safeParse(part);
      return parsed.success ? [parsed.data.text] : [];
    })
    .join("\n\n")
    .trim();
  if (body.data.trigger === "submit-message" && text.length === 0) {
    throw new AppError("BAD_REQUEST", "The message is empty.");
  }
  if (text.length > MAX_USER_TEXT_CHARS) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `The message is too long (at most ${MAX_USER_TEXT_CHARS.toLocaleString("en")} characters).`,
    );
  }
  return {
    threadId: body.data.id,
    trigger: body.data.trigger,
    messageId: body.data.messageId ?? null,
    modelId: body.data.modelId ?? null,
    userMessage: { id: last.data.id, text },
  };
}

function invalid(issues: z.core.$ZodIssue[], prefix?: string): AppError {
  const pathOf = (issue: z.core.$ZodIssue) =>
    [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
  const first = issues[0];
  // Our own messages are sentences; zod's generic ones need to say where.
  const message = !first
    ? "The chat request is not valid."
    : first.message.endsWith(".")
      ? first.message
      : `The chat request is not valid (${pathOf(first) || "body"}: ${first.message}).`;
  return new AppError("BAD_REQUEST", message, {
    issues: issues.map((issue) => ({ path: pathOf(issue), message: issue.message })),
  });
}
