import {
  JsonToSseTransformStream,
  readUIMessageStream,
  type UIMessage,
  type UIMessageChunk,
} from "ai";
import { ActiveStream } from "../../src/server/chat/stream/active-stream.ts";
import { MessageAccumulator } from "../../src/server/chat/stream/message-accumulator.ts";

/**
 * CPU per chunk of what happens to a UI message chunk between the AI SDK's
 * `toUIMessageStream` and the bytes the HTTP server writes, in this process
 * (no model, no HTTP, no database), for many answers streaming at once:
 * - relay: the bare AI SDK relay's stages (`createUIMessageStreamResponse`:
 *   JsonToSseTransformStream, TextEncoderStream, the body read by the server);
 * - server: ours (the chunk read from the SDK's stream, ActiveStream.push's
 *   SSE frame kept for resume and enqueued to the response body read by the
 *   server, MessageAccumulator for the saved answer);
 * - server, SDK reader per chunk: the same with the answer built by passing every chunk through
 *   `readUIMessageStream` as it came (the accumulator before 2026-11-25).
 * Every chunk comes in its own macrotask (as from the network) and the
 * bodies are drained as a server would. The SDK's own work before
 * `toUIMessageStream`'s output is the same for both and not included.
 */

export interface PipelineCpu {
  pipeline: string;
  answers: number;
  chunksPerAnswer: number;
  cpuUsPerChunk: number;
}

type Pipeline = (source: ReadableStream<UIMessageChunk>) => Promise<void>;

function answerChunks(words: number): UIMessageChunk[] {
  return [
    { type: "start-step" },
    { type: "text-start", id: "t0" },
    ...Array.from(
      { length: words },
      (_, i): UIMessageChunk => ({ type: "text-delta", id: "t0", delta: `word${i} ` }),
    ),
    { type: "text-end", id: "t0" },
    { type: "finish-step" },
    { type: "finish", finishReason: "stop" },
  ];
}

async function drain(body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  while (!(await reader.read()).done) {
    /* the HTTP server's write */
  }
}

const relay: Pipeline = (source) =>
  drain(source.pipeThrough(new JsonToSseTransformStream()).pipeThrough(new TextEncoderStream()));

/** The accumulator as it was: every chunk through the SDK's reader at once. */
class PerChunkAccumulator {
  #controller!: ReadableStreamDefaultController<UIMessageChunk>;
  #latest: UIMessage | undefined;
  readonly #reading: Promise<void>;
  constructor() {
    const feed = new ReadableStream<UIMessageChunk>({
      start: (controller) => {
        this.#controller = controller;
      },
    });
    this.#reading = (async () => {
      for await (const message of readUIMessageStream({ stream: feed, onError: () => {} })) {
        this.#latest = message;
      }
    })();
  }
  push(chunk: UIMessageChunk): void {
    this.#controller.enqueue(chunk);
  }
  async finish(): Promise<UIMessage | undefined> {
    this.#controller.close();
    await this.#reading;
    return this.#latest;
  }
}

function server(
  accumulatorOf: () => { push(c: UIMessageChunk): void; finish(): Promise<unknown> },
) {
  return async (source: ReadableStream<UIMessageChunk>) => {
    const stream = new ActiveStream({
      streamId: "s",
      threadId: "t",
      userId: "u",
      organizationId: "o",
    });
    const body = drain(stream.response().body!);
    const accumulator = accumulatorOf();
    for await (const chunk of source as unknown as AsyncIterable<UIMessageChunk>) {
      stream.push(chunk);
      accumulator.push(chunk);
    }
    await accumulator.finish();
    stream.end();
    await body;
  };
}

export const PIPELINES: Record<string, Pipeline> = {
  relay,
  server: server(() => new MessageAccumulator(() => undefined)),
  "server, SDK reader per chunk": server(() => new PerChunkAccumulator()),
};

async function run(pipeline: Pipeline, answers: number, words: number): Promise<number> {
  const chunks = answerChunks(words);
  const controllers: Array<ReadableStreamDefaultController<UIMessageChunk>> = [];
  const done = Array.from({ length: answers }, () =>
    pipeline(
      new ReadableStream<UIMessageChunk>({
        start: (controller) => {
          controllers.push(controller);
        },
      }),
    ),
  );
  for (const chunk of chunks) {
    for (const controller of controllers) controller.enqueue(chunk);
    await new Promise((resolve) => setImmediate(resolve));
  }
  for (const controller of controllers) controller.close();
  await Promise.all(done);
  return chunks.length;
}

/** CPU per chunk of each pipeline: `answers` answers of `words` deltas at once, `rounds` times. */
export async function measurePipelineCpu(options: {
  answers: number;
  words: number;
  rounds: number;
}): Promise<PipelineCpu[]> {
  const results: PipelineCpu[] = [];
  for (const [name, pipeline] of Object.entries(PIPELINES)) {
    await run(pipeline, options.answers, options.words); // warm-up
    const cpu = process.cpuUsage();
    let chunks = 0;
    for (let r = 0; r < options.rounds; r++) {
      chunks = await run(pipeline, options.answers, options.words);
    }
    // The timers of the accumulator (APPLY_EVERY_MS) are not waited for: finish applies the rest.
    const used = process.cpuUsage(cpu);
    results.push({
      pipeline: name,
      answers: options.answers,
      chunksPerAnswer: chunks,
      cpuUsPerChunk: (used.user + used.system) / (options.rounds * options.answers * chunks),
    });
  }
  return results;
}
