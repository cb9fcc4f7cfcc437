import { generateText } from "ai";
import { and, eq } from "drizzle-orm";
import type { Services } from "../api/context.ts";
import { threads } from "../db/schema.ts";
import type { ResolvedModel } from "../models/model-registry.ts";
import { providerErrorMessage } from "../models/provider-error.ts";

const FALLBACK_MAX_CHARS = 60;
const TITLE_MAX_WORDS = 8;
const TITLE_MAX_CHARS = 80;

/** The first user message on one line, cut at a word near 60 characters. */
export function fallbackTitle(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (!line) return "New chat";
  if (line.length <= FALLBACK_MAX_CHARS) return line;
  const cut = line.slice(0, FALLBACK_MAX_CHARS);
  const space = cut.lastIndexOf(" ");
  return `${(space > 20 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A model's answer as a title: one line, no quotes or trailing period, at most 8 words. */
export function cleanTitle(raw: string): string | null {
  const withoutThinking = raw.replace(/<think>[\s\S]*?<\/think>/gi, " ");
  const line = withoutThinking
    .split("\n")
    .map((l) => l.trim())
    .find((l) => l.length > 0);
  if (!line) return null;
  const words = line
    .replace(/^(title|titre)\s*:\s*/i, "")
    .replace(/^["'“‘«*#\s]+|["'”’»*.\s]+$/g, "")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, TITLE_MAX_WORDS);
  const title = words.join(" ").slice(0, TITLE_MAX_CHARS).trim();
  return title.length > 0 ? title : null;
}

const INSTRUCTIONS =
  "Write a short title (at most 8 words) for the conversation below, in the language of the " +
  "user's message. Answer with the title only: no quotes, no period, no preamble.";

/**
 * After a thread's first exchange: ask the same model for a title, in the
 * background. The thread keeps its fallback title (the first message) when
 * the model fails, and a title the user set meanwhile is never overwritten.
 */
export async function generateThreadTitle(options: {
  services: Services;
  model: ResolvedModel;
  threadId: string;
  userText: string;
  answerText: string;
}): Promise<void> {
  const { services, threadId } = options;
  const expected = fallbackTitle(options.userText);
  let title: string | null = null;
  try {
    const result = await generateText({
      model: options.model.model,
      instructions: INSTRUCTIONS,
      prompt: `User: ${options.userText.slice(0, 2000)}\n\nAssistant: ${options.answerText.slice(0, 2000)}`,
      maxOutputTokens: 60,
      maxRetries: 1,
      timeout: 30_000,
    });
    title = cleanTitle(result.text);
  } catch (error) {
    services.log.warn(
      { threadId, modelId: options.model.info.id, reason: providerErrorMessage(error) },
      "title generation failed; keeping the first message as the title",
    );
  }
  if (!title || title === expected) return;
  await services.database.db
    .update(threads)
    .set({ title, updatedAt: new Date() })
    .where(and(eq(threads.id, threadId), eq(threads.title, expected)));
}
