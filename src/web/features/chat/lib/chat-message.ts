import { safeValidateUIMessages, type UIMessage } from "ai";
import { z } from "zod";
import { type ChatMessage, FINISH_REASONS, MESSAGE_STATUSES } from "#shared/schemas/chat.ts";

/**
 * The chat's messages are the AI SDK's UI messages. What the server recorded
 * about a message (status, model, finish reason, error, time) rides in its
 * metadata; metadata is read through `messageMeta`, never trusted as typed,
 * because streamed messages may carry other metadata or none.
 */
export type AtriumMessage = UIMessage;

const metaSchema = z.object({
  createdAt: z.number().optional().catch(undefined),
  status: z.enum(MESSAGE_STATUSES).optional().catch(undefined),
  modelId: z.string().nullable().optional().catch(undefined),
  finishReason: z.enum(FINISH_REASONS).nullable().optional().catch(undefined),
  error: z.string().nullable().optional().catch(undefined),
});

export type MessageMeta = z.infer<typeof metaSchema>;

export function messageMeta(message: Pick<AtriumMessage, "metadata">): MessageMeta {
  const parsed = metaSchema.safeParse(message.metadata);
  return parsed.success ? parsed.data : {};
}

/** The text of a message's text parts (what "Copy" copies). */
export function messageText(message: Pick<AtriumMessage, "parts">): string {
  return message.parts
    .flatMap((part) => (part.type === "text" ? [part.text] : []))
    .join("\n\n")
    .trim();
}

const converted = new WeakMap<ChatMessage, AtriumMessage>();

/**
 * Stored messages as UI messages, each checked by the AI SDK's own validator;
 * a message whose parts do not validate falls back to its plain text rather
 * than breaking the whole conversation. Results are cached per stored object,
 * so a live update only converts the messages that changed.
 */
export async function toUIMessages(messages: readonly ChatMessage[]): Promise<AtriumMessage[]> {
  return Promise.all(messages.map(toUIMessage));
}

async function toUIMessage(message: ChatMessage): Promise<AtriumMessage> {
  const cached = converted.get(message);
  if (cached) return cached;
  const metadata: MessageMeta = {
    createdAt: message.createdAt,
    status: message.status,
    modelId: message.metadata.modelId ?? null,
    finishReason: message.metadata.finishReason ?? null,
    error: message.metadata.error ?? null,
  };
  const candidate = { id: message.id, role: message.role, parts: message.parts, metadata };
  const result =
    message.parts.length > 0
      ? await safeValidateUIMessages<AtriumMessage>({ messages: [candidate] })
      : null;
  const ui: AtriumMessage =
    result?.success && result.data[0]
      ? result.data[0]
      : {
          id: message.id,
          role: message.role,
          metadata,
          parts: message.content ? [{ type: "text", text: message.content }] : [],
        };
  converted.set(message, ui);
  return ui;
}
