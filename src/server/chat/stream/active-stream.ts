import { UI_MESSAGE_STREAM_HEADERS, type UIMessageChunk } from "ai";

const encoder = new TextEncoder();
const DONE_FRAME = "data: [DONE]\n\n";
const DONE_BYTES = encoder.encode(DONE_FRAME);

export type AbortReason = "stopped" | "shutdown" | "refused";

type Listener = { frame(bytes: Uint8Array): void; end(): void };

/**
 * One answer being generated: every SSE frame sent so far, kept so a client
 * that reconnects (a reload, a second tab) gets the whole answer replayed and
 * then the rest live. The generation runs whether or not anybody listens: a
 * client that drops only stops listening.
 */
export class ActiveStream {
  readonly streamId: string;
  readonly threadId: string;
  readonly userId: string;
  readonly organizationId: string;
  readonly abortController = new AbortController();
  /** Why the generation was aborted on purpose: a user's stop, a shutdown, or its turn failed to save. */
  abortReason: AbortReason | null = null;
  /** Why the turn was refused when its writes found the thread changed (abortReason "refused"). */
  refusal: string | null = null;

  /** As text: encoded once for the clients listening, and as it is for the relay to other instances. */
  readonly #frames: string[] = [];
  readonly #listeners = new Set<Listener>();
  #ended = false;
  readonly #finished: Promise<void>;
  #resolveFinished!: () => void;

  constructor(init: {
    streamId: string;
    threadId: string;
    userId: string;
    organizationId: string;
  }) {
    this.streamId = init.streamId;
    this.threadId = init.threadId;
    this.userId = init.userId;
    this.organizationId = init.organizationId;
    this.#finished = new Promise((resolve) => {
      this.#resolveFinished = resolve;
    });
  }

  get ended(): boolean {
    return this.#ended;
  }

  /** Settles once the answer is persisted in its final state and the stream closed. */
  get finished(): Promise<void> {
    return this.#finished;
  }

  /** Number of frames sent so far ([DONE] included once ended). */
  get frameCount(): number {
    return this.#frames.length;
  }

  /** The frames from `index` on (for the relay to other instances). */
  framesFrom(index: number): string[] {
    return this.#frames.slice(index);
  }

  /** Number of clients listening now. */
  get listenerCount(): number {
    return this.#listeners.size;
  }

  push(chunk: UIMessageChunk): void {
    if (this.#ended) return;
    const frame = `data: ${JSON.stringify(chunk)}\n\n`;
    this.#frames.push(frame);
    if (this.#listeners.size === 0) return;
    const bytes = encoder.encode(frame);
    for (const listener of this.#listeners) listener.frame(bytes);
  }

  /** Close every listener's stream; the answer is final. */
  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#frames.push(DONE_FRAME);
    for (const listener of this.#listeners) {
      listener.frame(DONE_BYTES);
      listener.end();
    }
    this.#listeners.clear();
    this.#resolveFinished();
  }

  /** Abort the generation on purpose; the pump persists what was written. */
  abort(reason: AbortReason): void {
    if (this.#ended || this.abortController.signal.aborted) return;
    this.abortReason = reason;
    this.abortController.abort(reason);
  }

  /** The answer as an SSE response: everything so far, then live until it ends. */
  response(): Response {
    return new Response(this.#body(), { status: 200, headers: UI_MESSAGE_STREAM_HEADERS });
  }

  #body(): ReadableStream<Uint8Array> {
    let listener: Listener | undefined;
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        // A late listener (a reload, a second tab) gets what was sent so far in one piece.
        if (this.#frames.length > 0) controller.enqueue(encoder.encode(this.#frames.join("")));
        if (this.#ended) {
          controller.close();
          return;
        }
        listener = {
          frame: (bytes) => controller.enqueue(bytes),
          end: () => controller.close(),
        };
        this.#listeners.add(listener);
      },
      cancel: () => {
        // The client went away: stop sending to it; the generation goes on.
        if (listener) this.#listeners.delete(listener);
      },
    });
  }
}
