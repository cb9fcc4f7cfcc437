import { readUIMessageStream, type UIMessage, type UIMessageChunk } from "ai";
import { describe, expect, it } from "vitest";
import { APPLY_EVERY_MS, MessageAccumulator } from "./message-accumulator.ts";

/** The message the SDK's reader makes of the chunks one by one (what the client shows). */
async function readOneByOne(chunks: UIMessageChunk[]): Promise<UIMessage | undefined> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  let latest: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream, onError: () => {} })) latest = message;
  return latest;
}

const words = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i} `);

/** An answer with every kind of part the chat sends, deltas interleaved as a model may. */
function answerChunks(): UIMessageChunk[] {
  return [
    { type: "start", messageId: "m1", messageMetadata: { status: "streaming" } },
    { type: "start-step" },
    { type: "reasoning-start", id: "r1" },
    ...words("think", 5).map((delta) => ({ type: "reasoning-delta" as const, id: "r1", delta })),
    { type: "reasoning-end", id: "r1" },
    { type: "tool-input-start", toolCallId: "c1", toolName: "searchDocuments" },
    ...['{"que', 'ry":"a', 'bc"}'].map((inputTextDelta) => ({
      type: "tool-input-delta" as const,
      toolCallId: "c1",
      inputTextDelta,
    })),
    {
      type: "tool-input-available",
      toolCallId: "c1",
      toolName: "searchDocuments",
      input: { query: "abc" },
    },
    { type: "tool-output-available", toolCallId: "c1", output: { hits: [1, 2] } },
    { type: "source-url", sourceId: "s1", url: "https://example.test/a", title: "A" },
    { type: "finish-step" },
    { type: "start-step" },
    { type: "text-start", id: "t1" },
    ...words("a", 10).map((delta) => ({ type: "text-delta" as const, id: "t1", delta })),
    { type: "text-start", id: "t2" },
    { type: "text-delta", id: "t2", delta: "other " },
    { type: "text-delta", id: "t1", delta: "back " },
    {
      type: "text-delta",
      id: "t1",
      delta: "with metadata",
      providerMetadata: { p: { k: "v" } },
    },
    { type: "text-delta", id: "t1", delta: "." },
    { type: "text-end", id: "t2" },
    { type: "text-end", id: "t1" },
    { type: "error", errorText: "The model failed." },
    { type: "finish-step" },
    { type: "message-metadata", messageMetadata: { status: "error" } },
    { type: "finish", finishReason: "error" },
  ];
}

describe("MessageAccumulator", () => {
  it("builds the same message as the SDK's reader fed chunk by chunk", async () => {
    const chunks = answerChunks();
    const updates: UIMessage[] = [];
    const accumulator = new MessageAccumulator((message) => updates.push(message));
    for (const chunk of chunks) accumulator.push(chunk);
    const message = await accumulator.finish();
    expect(message).toEqual(await readOneByOne(chunks));
    expect(message?.parts.find((p) => p.type === "text")).toMatchObject({
      text: "a0 a1 a2 a3 a4 a5 a6 a7 a8 a9 back with metadata.",
      providerMetadata: { p: { k: "v" } },
      state: "done",
    });
    // Joined deltas: far fewer states than chunks.
    expect(updates.length).toBeLessThan(chunks.length / 2);
    expect(updates.at(-1)).toEqual(message);
  });

  it("applies what came so far within APPLY_EVERY_MS, without waiting for the end", async () => {
    let latest: UIMessage | undefined;
    const accumulator = new MessageAccumulator((message) => {
      latest = message;
    });
    accumulator.push({ type: "start", messageId: "m2" });
    accumulator.push({ type: "text-start", id: "t" });
    accumulator.push({ type: "text-delta", id: "t", delta: "Hello " });
    accumulator.push({ type: "text-delta", id: "t", delta: "there" });
    expect(latest).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, APPLY_EVERY_MS + 100));
    expect(latest?.parts).toEqual([{ type: "text", text: "Hello there", state: "streaming" }]);
    accumulator.push({ type: "text-end", id: "t" });
    const final = await accumulator.finish();
    expect(final?.parts).toEqual([{ type: "text", text: "Hello there", state: "done" }]);
    // Pushed after the end: ignored.
    accumulator.push({ type: "text-start", id: "late" });
    expect((await accumulator.finish())?.parts).toHaveLength(1);
  });
});
