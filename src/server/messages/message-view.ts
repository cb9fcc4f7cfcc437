import { type ChatMessage, FINISH_REASONS } from "#shared/schemas/chat.ts";
import type { messages } from "../db/schema.ts";

/**
 * Stored messages as the API shows them: the AI SDK UI message (id, role,
 * parts) plus what the server recorded about it. Parts come from model
 * output; anything that is not a typed part is dropped here rather than
 * failing the whole page.
 */

export type MessageRow = typeof messages.$inferSelect;
type Part = ChatMessage["parts"][number];
type Usage = NonNullable<ChatMessage["metadata"]["usage"]>;
type FinishReason = NonNullable<ChatMessage["metadata"]["finishReason"]>;

const USAGE_KEYS = ["inputTokens", "outputTokens", "totalTokens", "reasoningTokens"] as const;

function isPart(value: unknown): value is Part {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { type?: unknown }).type === "string"
  );
}

/** The answer's text: its text parts, in order, a blank line apart (reasoning is not text). */
export function textOf(parts: Part[]): string {
  return parts
    .flatMap((part) => (part.type === "text" && typeof part.text === "string" ? [part.text] : []))
    .filter((text) => text.length > 0)
    .join("\n\n");
}

function finishReasonOf(value: string | null): FinishReason | null {
  if (value === null) return null;
  return (FINISH_REASONS as readonly string[]).includes(value)
    ? (value as FinishReason)
    : "unknown";
}

function usageOf(value: Record<string, number | null> | null): Usage | null {
  if (!value) return null;
  const usage: Usage = {};
  for (const key of USAGE_KEYS) {
    const count = value[key];
    if (typeof count === "number" && Number.isFinite(count)) usage[key] = count;
  }
  return usage;
}

export function messageView(row: MessageRow): ChatMessage {
  const parts = Array.isArray(row.parts) ? row.parts.filter(isPart) : [];
  return {
    id: row.id,
    threadId: row.threadId,
    createdAt: row.createdAt.getTime(),
    role: row.role,
    content: textOf(parts),
    parts,
    status: row.status,
    metadata: {
      modelId: row.modelId,
      finishReason: finishReasonOf(row.finishReason),
      usage: usageOf(row.usage),
      error: row.error,
    },
  };
}
