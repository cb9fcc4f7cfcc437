import { readUIMessageStream, type UIMessage, type UIMessageChunk } from "ai";

/**
 * The answer as a UI message, built from the same chunks the client gets
 * (the AI SDK's own reader, so what is stored is what was shown).
 */
export class MessageAccumulator {
  #controller!: ReadableStreamDefaultController<UIMessageChunk>;
  #latest: UIMessage | undefined;
  readonly #reading: Promise<void>;

  constructor(onUpdate: (message: UIMessage) => void) {
    const feed = new ReadableStream<UIMessageChunk>({
      start: (controller) => {
        this.#controller = controller;
      },
    });
    this.#reading = (async () => {
      // Error chunks are part of the answer (the pump records them); keep reading.
      for await (const message of readUIMessageStream({ stream: feed, onError: () => {} })) {
        this.#latest = message;
        onUpdate(message);
      }
    })();
  }

  push(chunk: UIMessageChunk): void {
    this.#controller.enqueue(chunk);
  }

  /** The final message, once every chunk pushed has been applied. */
  async finish(): Promise<UIMessage | undefined> {
    this.#controller.close();
    await this.#reading;
    return this.#latest;
  }
}
