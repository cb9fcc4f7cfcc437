import { z } from "zod";
import { AppError } from "#shared/errors.ts";

/**
 * POST /api/chat: the AI SDK's chat request ({id, messages, trigger,
 * messageId}, plus our modelId; other body fields are ignored). Only the last
 * message is read, and only its text: the history comes from the database,
 * never from the client.
 */

export const MAX_USER_TEXT_CHARS = 100_000;
const THREAD_ID = /^[A-Za-z0-9_-]+$/;

export const threadIdSchema = z
  .string()
  .trim()
  .min(10, "The chat id must be at least 10 characters.")
  .max(100, "The chat id is too long.")
  .regex(THREAD_ID, "A chat id may only contain letters, digits, - and _.");

const messageIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(THREAD_ID, "A message id may only contain letters, digits, - and _.");

const chatBodySchema = z.object({
  id: threadIdSchema,
  messages: z.array(z.looseObject({})).min(1, "Send the new message.").max(2000),
  trigger: z.enum(["submit-message", "regenerate-message"]).default("submit-message"),
  messageId: messageIdSchema.nullish(),
  modelId: z.string().trim().min(1).max(200).nullish(),
});

const textPartSchema = z.object({ type: z.literal("text"), text: z.string() });

const lastMessageSchema = z.object({
  id: messageIdSchema,
  role: z.literal("user", { message: "The last message must be the user's." }),
  parts: z.array(z.looseObject({ type: z.string() })).max(100),
});

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
  const body = chatBodySchema.safeParse(json);
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
