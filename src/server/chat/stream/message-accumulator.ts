import { readUIMessageStream, type UIMessage, type UIMessageChunk } from "ai";

/** How long chunks wait to be applied: the periodic save (once a second) sees at most this old a state. */
export const APPLY_EVERY_MS = 200;

type Delta = Extract<
  UIMessageChunk,
  { type: "text-delta" } | { type: "reasoning-delta" } | { type: "tool-input-delta" }
>;

/**
 * The answer as a UI message, built from the same chunks the client gets
 * (the AI SDK's own reader, so what is stored is what was shown).
 *
 * Not chunk by chunk: the SDK's reader passes every chunk through three web
 * streams and clones the message (all but its text) for each, which cost more
 * than everything else the server does per chunk (bench/RESULTS.md, "chat
 * path"). Chunks are kept in a list, consecutive deltas of one part joined
 * into one (the reader appends a delta's text, so the message is the same),
 * and the list is handed to the reader every APPLY_EVERY_MS and at the end.
 */
export class MessageAccumulator {
  readonly #onUpdate: (message: UIMessage) => void;
  #controller: ReadableStreamDefaultController<UIMessageChunk> | undefined;
  #latest: UIMessage | undefined;
  #reading: Promise<void> = Promise.resolve();
  #pending: UIMessageChunk[] = [];
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(onUpdate: (message: UIMessage) => void) {
    this.#onUpdate = onUpdate;
  }

  /** The SDK's reader, made on the first batch: not on the way to the answer's first token. */
  #reader(): ReadableStreamDefaultController<UIMessageChunk> {
    if (this.#controller) return this.#controller;
    let controller!: ReadableStreamDefaultController<UIMessageChunk>;
    const feed = new ReadableStream<UIMessageChunk>({
      start: (c) => {
        controller = c;
      },
    });
    this.#controller = controller;
    this.#reading = (async () => {
      // Error chunks are part of the answer (the pump records them); keep reading.
      for await (const message of readUIMessageStream({ stream: feed, onError: () => {} })) {
        this.#latest = message;
        this.#onUpdate(message);
      }
    })();
    return controller;
  }

  push(chunk: UIMessageChunk): void {
    if (this.#closed) return;
    const previous = this.#pending.at(-1);
    const joined = previous && joinDeltas(previous, chunk);
    if (joined) this.#pending[this.#pending.length - 1] = joined;
    else this.#pending.push(chunk);
    this.#timer ??= setTimeout(() => this.#apply(), APPLY_EVERY_MS);
  }

  #apply(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    const chunks = this.#pending;
    this.#pending = [];
    if (chunks.length === 0) return;
    const controller = this.#reader();
    for (const chunk of chunks) controller.enqueue(chunk);
  }

  /** The final message, once every chunk pushed has been applied. */
  async finish(): Promise<UIMessage | undefined> {
    if (!this.#closed) {
      this.#apply();
      this.#closed = true;
      this.#controller?.close();
    }
    await this.#reading;
    return this.#latest;
  }
}

/** One delta for two consecutive deltas of the same part, or undefined. */
function joinDeltas(a: UIMessageChunk, b: UIMessageChunk): Delta | undefined {
  if (a.type !== b.type) return undefined;
  if ((a.type === "text-delta" || a.type === "reasoning-delta") && a.type === b.type) {
    if (a.id !== b.id) return undefined;
    return {
      ...a,
      delta: a.delta + b.delta,
      providerMetadata: b.providerMetadata ?? a.providerMetadata,
    } as Delta;
  }
  if (a.type === "tool-input-delta" && b.type === "tool-input-delta") {
    if (a.toolCallId !== b.toolCallId) return undefined;
    return { ...a, inputTextDelta: a.inputTextDelta + b.inputTextDelta };
  }
  return undefined;
}
