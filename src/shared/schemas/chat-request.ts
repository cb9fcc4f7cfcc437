import { z } from "zod";
import { multiLineText, singleLineText } from "./text.ts";

/**
 * POST /api/chat: the AI SDK's chat request ({id, messages, trigger,
 * messageId}, plus our modelId). The web sends only the newest message; the
 * server reads only that message's text, since history comes from the
 * database, never from the client (src/server/chat/chat-request.ts).
 */

export const MAX_USER_TEXT_CHARS = 100_000;
const THREAD_ID = /^[A-Za-z0-9_-]+$/;

export const threadIdSchema = singleLineText({ trim: true })
  .min(10, "The chat id must be at least 10 characters.")
  .max(100, "The chat id is too long.")
  .regex(THREAD_ID, "A chat id may only contain letters, digits, - and _.");

export const messageIdSchema = singleLineText({ trim: true })
  .min(1)
  .max(100)
  .regex(THREAD_ID, "A message id may only contain letters, digits, - and _.");

/** The body as the web sends it (other fields are ignored). */
export const chatRequestSchema = z.object({
  id: threadIdSchema,
  messages: z.array(z.looseObject({})).min(1, "Send the new message.").max(2000),
  trigger: z.enum(["submit-message", "regenerate-message"]).default("submit-message"),
  messageId: messageIdSchema.nullish(),
  modelId: singleLineText({ trim: true }).min(1).max(200).nullish(),
});

export const textPartSchema = z.object({ type: z.literal("text"), text: multiLineText() });

/** The message the request is about: the user's, with its parts. */
export const lastMessageSchema = z.object({
  id: messageIdSchema,
  role: z.literal("user", { message: "The last message must be the user's." }),
  // Any part's text is checked here, so a text part with a NUL is refused, not skipped.
  parts: z
    .array(z.looseObject({ type: singleLineText(), text: multiLineText().optional() }))
    .max(100),
});

export type ChatRequestBody = z.input<typeof chatRequestSchema>;
