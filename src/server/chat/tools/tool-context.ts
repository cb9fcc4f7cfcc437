import { isAppError } from "#shared/errors.ts";
import type { Executor } from "../../db/database.ts";
import type { Logger } from "../../logger.ts";
import type { EmbeddingChoice } from "../../models/embedding-model.ts";
import type { Citations } from "./citations.ts";

/**
 * What every chat tool runs with: the requesting user (never anything the
 * model says), the thread, and the answer's citations. Every query a tool
 * makes filters by `organizationId`.
 */
export interface ToolContext {
  db: Executor;
  userId: string;
  organizationId: string;
  threadId: string;
  citations: Citations;
  log: Logger;
  /** The search embedding model (decision 031), when one is configured. */
  embedding?: EmbeddingChoice | null;
}

/** A tool failure the model and the user may read. */
export class ToolError extends Error {
  override name = "ToolError";

  /** The SDK shows a failed tool as `String(error)`: the message alone, no "ToolError:" prefix. */
  override toString(): string {
    return this.message;
  }
}

/**
 * Run a tool body: its own errors (ToolError, AppError) reach the model as
 * they are; anything else is logged and reported in general terms, so no
 * internal detail leaks into the conversation.
 */
export async function runTool<T>(
  context: ToolContext,
  tool: string,
  body: () => Promise<T>,
): Promise<T> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof ToolError || isAppError(error)) throw new ToolError(error.message);
    context.log.error({ err: error, tool, threadId: context.threadId }, "chat tool failed");
    throw new ToolError(`The ${tool} tool failed. Try again, or answer without it.`);
  }
}
