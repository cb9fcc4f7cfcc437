import { z } from "zod";
import { idSchema } from "./dossier.ts";
import { singleLineText } from "./text.ts";

export const threadTitleSchema = singleLineText({ trim: true })
  .min(1, "Title is required")
  .max(200, "Title must be at most 200 characters");

export const threadSchema = z.object({
  _id: z.string(),
  _creationTime: z.number(),
  title: z.string(),
  /** The model chosen for this thread, if any. */
  modelId: z.string().nullable(),
  lastMessageAt: z.number(),
  /** True while an answer is being streamed (it can be resumed). */
  isStreaming: z.boolean(),
  documentCount: z.number(),
});
export type Thread = z.infer<typeof threadSchema>;

export const FINISH_REASONS = [
  "stop",
  "length",
  "content-filter",
  "tool-calls",
  "error",
  "unknown",
] as const;

export const MESSAGE_STATUSES = ["streaming", "complete", "stopped", "error"] as const;

/**
 * An AI chat message as the AI SDK's UI message (id, role, parts) plus what
 * the server recorded: status, finish reason, usage, model and error.
 */
export const chatMessageSchema = z.object({
  id: z.string(),
  threadId: z.string(),
  createdAt: z.number(),
  role: z.enum(["user", "assistant", "system"]),
  /** The text parts joined, for quick display and search. */
  content: z.string(),
  /** UI message parts: text, reasoning, tool-*, source-*, file, step-start... */
  parts: z.array(z.looseObject({ type: z.string() })),
  status: z.enum(MESSAGE_STATUSES),
  metadata: z.object({
    modelId: z.string().nullable().optional(),
    finishReason: z.enum(FINISH_REASONS).nullable().optional(),
    usage: z
      .object({
        inputTokens: z.number().nullable().optional(),
        outputTokens: z.number().nullable().optional(),
        totalTokens: z.number().nullable().optional(),
        reasoningTokens: z.number().nullable().optional(),
      })
      .nullable()
      .optional(),
    error: z.string().nullable().optional(),
  }),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const modelSchema = z.object({
  /** "<provider>:<model id>", e.g. "openai:gpt-5.1" or "compatible:llama3.2". */
  id: z.string(),
  label: z.string(),
  provider: z.string(),
  reasoning: z.boolean(),
});
export type ModelInfo = z.infer<typeof modelSchema>;

export const threadIdArgs = z.object({ threadId: idSchema });
