import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { isStepCount, streamText, type ToolSet, toUIMessageStream } from "ai";

/**
 * The AI SDK's own CPU for one chat answer, in process: the real OpenAI-compatible provider
 * reading an in-memory SSE answer of `words` text deltas (no socket, no server), through
 * streamText and toUIMessageStream, with the options a case gives (tools, steps, timeouts…).
 * Every case runs the same answer, alternately, so they compare on one machine state.
 */
export interface SdkCpuCase {
  name: string;
  answers: number;
  cpuUsPerAnswer: number;
  /** Chunks out of toUIMessageStream per answer. */
  chunks: number;
}

export interface SdkCase {
  name: string;
  /** streamText's options beyond model, instructions and messages. */
  options: () => Record<string, unknown>;
  /** toUIMessageStream's tools (the relay passes none). */
  tools?: () => ToolSet | undefined;
}

function sseAnswer(words: number): Uint8Array {
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    `data: ${JSON.stringify({ id: "x", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const lines = [chunk({ role: "assistant", content: "" })];
  for (let i = 0; i < words; i++) lines.push(chunk({ content: `word${i + 1} ` }));
  lines.push(chunk({}, "stop"));
  lines.push(
    `data: ${JSON.stringify({ id: "x", object: "chat.completion.chunk", created: 1, model: "m", choices: [], usage: { prompt_tokens: 1, completion_tokens: words, total_tokens: words + 1 } })}\n\n`,
  );
  lines.push("data: [DONE]\n\n");
  return new TextEncoder().encode(lines.join(""));
}

/** The last request body the in-memory model was sent (tests compare tool definitions). */
export const lastRequest = { body: "" };

function inMemoryModel(answer: Uint8Array) {
  const fetchAnswer: typeof fetch = async (_url, init) => {
    lastRequest.body = String(init?.body ?? "");
    return new Response(
      new ReadableStream({
        start(controller) {
          // In a few pieces, as a socket delivers them.
          for (let at = 0; at < answer.length; at += 512) {
            controller.enqueue(answer.subarray(at, at + 512));
          }
          controller.close();
        },
      }),
      { status: 200, headers: { "content-type": "text/event-stream" } },
    );
  };
  return createOpenAICompatible({
    name: "bench",
    baseURL: "http://127.0.0.1:9/v1",
    includeUsage: true,
    fetch: fetchAnswer,
  }).chatModel("bench-model");
}

export async function measureSdkCpu(options: {
  cases: SdkCase[];
  answers: number;
  warmup: number;
  rounds: number;
  words: number;
  instructions: string;
}): Promise<SdkCpuCase[]> {
  const model = inMemoryModel(sseAnswer(options.words));
  const totals = new Map<string, { cpu: number; n: number; chunks: number }>();
  const one = async (c: SdkCase) => {
    const result = streamText({
      model,
      instructions: options.instructions,
      messages: [{ role: "user", content: "How long does the first token take?" }],
      ...c.options(),
    });
    const tools = c.tools?.();
    let chunks = 0;
    for await (const _ of toUIMessageStream({
      stream: result.stream,
      ...(tools ? { tools } : {}),
      sendStart: false,
    })) {
      chunks++;
    }
    return chunks;
  };
  for (let round = 0; round <= options.rounds; round++) {
    for (const c of options.cases) {
      const n = round === 0 ? options.warmup : options.answers;
      let chunks = 0;
      const before = process.cpuUsage();
      for (let i = 0; i < n; i++) chunks += await one(c);
      const used = process.cpuUsage(before);
      if (round === 0) continue;
      const t = totals.get(c.name) ?? { cpu: 0, n: 0, chunks: 0 };
      t.cpu += used.user + used.system;
      t.n += n;
      t.chunks += chunks;
      totals.set(c.name, t);
    }
  }
  return options.cases.map((c) => {
    const t = totals.get(c.name)!;
    return { name: c.name, answers: t.n, cpuUsPerAnswer: t.cpu / t.n, chunks: t.chunks / t.n };
  });
}

export { isStepCount };
