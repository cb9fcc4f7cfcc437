import { convertToModelMessages, type ModelMessage, type UIMessage } from "ai";
import type { ChatTools } from "./tools/chat-tools.ts";

/** How much earlier conversation the model is given: the newest messages within this budget. */
export const HISTORY_LIMIT = 80;
const MAX_CHARS = 120_000;

type StoredPart = { type: string } & Record<string, unknown>;
export interface HistoryRow {
  id: string;
  role: "user" | "assistant" | "system";
  seq: number;
  parts: StoredPart[];
}

/**
 * The conversation so far as the model sees it: the newest messages that fit
 * the budget, starting with a user message; text, and finished tool calls
 * with their results. Reasoning, sources and unfinished tool calls stay out
 * (providers reject some of them), and so does anything not from the user or
 * the assistant.
 */
export function toModelMessages(
  newestFirst: HistoryRow[],
  tools: ChatTools,
): Promise<ModelMessage[]> {
  const kept: UIMessage[] = [];
  let chars = 0;
  for (const row of newestFirst) {
    const parts = modelParts(row.role, row.parts);
    if (parts.length === 0) continue;
    const size = JSON.stringify(parts).length;
    if (kept.length > 0 && chars + size > MAX_CHARS) break;
    chars += size;
    kept.push({ id: row.id, role: row.role, parts } as UIMessage);
  }
  kept.reverse();
  while (kept.length > 0 && kept[0]!.role !== "user") kept.shift();
  return convertToModelMessages(kept, { tools, ignoreIncompleteToolCalls: true });
}

function modelParts(role: string, parts: StoredPart[]): StoredPart[] {
  if (!Array.isArray(parts) || (role !== "user" && role !== "assistant")) return [];
  return parts.filter((part) => {
    if (part.type === "text") return typeof part.text === "string" && part.text.trim().length > 0;
    if (role !== "assistant") return false;
    if (part.type === "step-start") return true;
    if (part.type.startsWith("tool-") || part.type === "dynamic-tool") {
      return part.state === "output-available" || part.state === "output-error";
    }
    return false;
  });
}
