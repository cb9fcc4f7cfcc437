import type { UIMessage } from "ai";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { messages, threads } from "../../db/schema.ts";
import { executeNamed } from "../named-statement.ts";
import type { SaveSource, StreamSaver } from "./stream-saver.ts";

/** With nothing new (a model thinking silently), the row is still touched to show the stream lives. */
export const HEARTBEAT_MS = 10_000;

type Part = { type: string } & Record<string, unknown>;

export interface FinalState {
  parts: Part[];
  status: "complete" | "stopped" | "error";
  finishReason: string | null;
  usage: Record<string, number | null> | null;
  error: string | null;
}

/**
 * Saves the assistant's message as it streams: the latest parts about once
 * a second through the shared StreamSaver (other tabs see progress live),
 * then its final state, together with the thread's end of stream, in one
 * statement.
 */
export class AssistantWriter implements SaveSource {
  readonly messageId: string;
  readonly #db: Db;
  readonly #saver: StreamSaver;
  readonly #ready: Promise<boolean>;
  #latest: Part[] = [];
  #dirty = false;
  #lastTaken = Date.now();

  constructor(options: {
    db: Db;
    saver: StreamSaver;
    messageId: string;
    /** Settles true once the row exists (its transaction committed); nothing is saved before. */
    ready: Promise<boolean>;
  }) {
    this.messageId = options.messageId;
    this.#db = options.db;
    this.#saver = options.saver;
    this.#ready = options.ready.then((ok) => {
      if (ok) this.#saver.add(this);
      return ok;
    });
  }

  update(message: UIMessage): void {
    this.#latest = message.parts as Part[];
    this.#dirty = true;
  }

  take(now: number): Part[] | null | undefined {
    if (this.#dirty) {
      this.#dirty = false;
      this.#lastTaken = now;
      return this.#latest;
    }
    if (now - this.#lastTaken < HEARTBEAT_MS) return undefined;
    this.#lastTaken = now;
    return null;
  }

  /**
   * Write the final state and clear the thread's stream (if it is still this
   * one), after any periodic save in flight. Nothing when the turn was never saved.
   */
  async finish(state: FinalState, thread: { id: string; streamId: string }): Promise<void> {
    if (!(await this.#ready)) return;
    await this.#saver.remove(this);
    const parts = finalParts(state.parts, state.status);
    const hasText = parts.some(
      (p) => p.type === "text" && typeof p.text === "string" && p.text.trim(),
    );
    const hasTool = parts.some((p) => p.type.startsWith("tool-") || p.type === "dynamic-tool");
    await executeNamed(
      this.#db,
      "chat_final_save",
      sql`
      with saved as (
        update ${messages} set
          parts = ${JSON.stringify(parts)}::jsonb,
          status = ${state.status},
          finish_reason = ${state.finishReason},
          usage = ${state.usage === null ? null : JSON.stringify(state.usage)}::jsonb,
          error = ${state.error},
          is_tool_only = ${hasTool && !hasText},
          updated_at = now()
        where id = ${this.messageId}
        returning thread_id
      )
      update ${threads} set active_stream_id = null, last_message_at = now(), updated_at = now()
      where id = ${thread.id} and active_stream_id = ${thread.streamId}
    `,
    );
  }
}

/**
 * Parts as they are kept: text and reasoning marked done; a tool call cut
 * short (stopped, or the model failed) marked failed, so it never shows as
 * running forever.
 */
export function finalParts(parts: Part[], status: FinalState["status"]): Part[] {
  return parts.map((part) => {
    if ((part.type === "text" || part.type === "reasoning") && part.state === "streaming") {
      return { ...part, state: "done" };
    }
    const isTool = part.type.startsWith("tool-") || part.type === "dynamic-tool";
    if (isTool && (part.state === "input-streaming" || part.state === "input-available")) {
      return {
        ...part,
        state: "output-error",
        input: part.input ?? {},
        errorText:
          status === "stopped" ? "Stopped before the tool finished." : "The tool did not finish.",
      };
    }
    return part;
  });
}
