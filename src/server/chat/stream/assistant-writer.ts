import type { UIMessage } from "ai";
import { sql } from "drizzle-orm";
import { type Db, withPreparedStatements } from "../../db/database.ts";
import { messages, threads } from "../../db/schema.ts";
import { Coalescer, inFlightFromEnv } from "../coalescer.ts";
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
 * statement (under a burst, with the other answers that end meanwhile:
 * finalSavesOf).
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
    await finalSavesOf(this.#db).run({
      messageId: this.messageId,
      parts: JSON.stringify(parts),
      status: state.status,
      finishReason: state.finishReason,
      usage: state.usage === null ? null : JSON.stringify(state.usage),
      error: state.error,
      isToolOnly: hasTool && !hasText,
      threadId: thread.id,
      streamId: thread.streamId,
    });
  }
}

/** One answer's final save, its JSON already serialised. */
interface FinalSave {
  messageId: string;
  parts: string;
  status: FinalState["status"];
  finishReason: string | null;
  usage: string | null;
  error: string | null;
  isToolOnly: boolean;
  threadId: string;
  streamId: string;
}

/** The answer's final state, and the thread's end of stream if it is still this one. */
async function saveOne(db: Db, save: FinalSave): Promise<void> {
  await executeNamed(
    db,
    "chat_final_save",
    sql`
    with saved as (
      update ${messages} set
        parts = ${save.parts}::jsonb,
        status = ${save.status},
        finish_reason = ${save.finishReason},
        usage = ${save.usage}::jsonb,
        error = ${save.error},
        is_tool_only = ${save.isToolOnly},
        updated_at = now()
      where id = ${save.messageId}
      returning thread_id
    )
    update ${threads} set active_stream_id = null, last_message_at = now(), updated_at = now()
    where id = ${save.threadId} and active_stream_id = ${save.streamId}
  `,
  );
}

/**
 * Many answers' final saves in one statement (decision 032, "Seventh round: bursts"): the same
 * two updates as saveOne for each, its inputs as arrays. One statement: all of it commits, or
 * nothing (then each is saved alone).
 */
async function saveMany(db: Db, saves: FinalSave[]): Promise<void> {
  if (new Set(saves.map((s) => s.messageId)).size !== saves.length) {
    throw new Error("chat_final_saves: an answer twice in one batch");
  }
  // One parameter per column, an array (drizzle would spread a bare array into a list).
  const column = <T>(value: (save: FinalSave) => T) => sql.param(saves.map(value));
  await withPreparedStatements(() =>
    executeNamed(
      db,
      "chat_final_saves",
      sql`
      with i as (
        select * from unnest(
          ${column((s) => s.messageId)}::text[], ${column((s) => s.parts)}::jsonb[],
          ${column((s) => s.status)}::text[], ${column((s) => s.finishReason)}::text[],
          ${column((s) => s.usage)}::jsonb[], ${column((s) => s.error)}::text[],
          ${column((s) => s.isToolOnly)}::boolean[], ${column((s) => s.threadId)}::text[],
          ${column((s) => s.streamId)}::text[]
        ) as i(message_id, parts, status, finish_reason, usage, error, is_tool_only, thread_id,
          stream_id)
      ), saved as (
        update ${messages} m set parts = i.parts, status = i.status,
          finish_reason = i.finish_reason, usage = i.usage, error = i.error,
          is_tool_only = i.is_tool_only, updated_at = now()
        from i where m.id = i.message_id
        returning m.thread_id
      )
      update ${threads} t set active_stream_id = null, last_message_at = now(), updated_at = now()
      from i where t.id = i.thread_id and t.active_stream_id = i.stream_id
    `,
    ),
  );
}

/**
 * How many final saves may be in flight on one database before the next ones wait and go
 * together. ATRIUM_CHAT_SAVES_IN_FLIGHT (0 to 50; 0: every save alone, as before the seventh
 * round) sets it for the benchmarks.
 */
const SAVES_IN_FLIGHT = inFlightFromEnv("ATRIUM_CHAT_SAVES_IN_FLIGHT", 1);

type FinalSaves = Coalescer<FinalSave, void>;
const finalSaves = new WeakMap<Db, FinalSaves>();

/** The answers' final saves on one database: alone when none is in flight, batched under a burst. */
export function finalSavesOf(db: Db): FinalSaves {
  let saves = finalSaves.get(db);
  if (!saves) {
    saves = new Coalescer<FinalSave, void>({
      one: (save) => saveOne(db, save),
      many: async (batch) => {
        await saveMany(db, batch);
        return batch.map(() => undefined);
      },
      batchable: () => true,
      maxInFlight: SAVES_IN_FLIGHT,
      maxBatch: 100,
    });
    finalSaves.set(db, saves);
  }
  return saves;
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
