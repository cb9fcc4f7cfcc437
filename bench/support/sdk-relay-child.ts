import type { AddressInfo } from "node:net";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { createAdaptorServer } from "@hono/node-server";
import { createUIMessageStreamResponse, streamText, toUIMessageStream } from "ai";
import { Hono } from "hono";
import { timelineRecorder } from "../../src/server/chat/chat-timeline.ts";

/**
 * The least a server can do between a chat client and a model with the AI SDK: a Hono route
 * that passes the user's text to the model and streams the UI message stream back. No
 * database, no caller check, no persistence. bench/chat-latency.ts times it next to the real
 * server, so the time the SDK path itself adds on this machine is known (the floor).
 * With ATRIUM_RELAY_TIMELINE=<file> it notes, like the server's --timeline, the milliseconds
 * from a request's arrival to its body, its model call, its response and its first text (the
 * model's first text chunk, through streamText's onChunk: no extra stage).
 * Usage: node bench/support/sdk-relay-child.ts <model base URL> <model id>
 */
const [baseURL, modelId] = process.argv.slice(2);
if (!baseURL || !modelId) throw new Error("usage: sdk-relay-child.ts <baseURL> <modelId>");
const provider = createOpenAICompatible({ name: "relay", baseURL, includeUsage: true });
const model = provider.chatModel(modelId);
const startTimeline = timelineRecorder(process.env.ATRIUM_RELAY_TIMELINE);

const app = new Hono();
app.post("/relay", async (c) => {
  const timeline = startTimeline(c.req.header("x-bench-sent-at"));
  const body = (await c.req.json()) as { system: string; text: string };
  timeline?.mark("body");
  const result = streamText({
    model,
    instructions: body.system,
    messages: [{ role: "user", content: body.text }],
    ...(timeline
      ? {
          onLanguageModelCallStart: () => timeline.mark("modelCall"),
          onChunk: ({ chunk }: { chunk: { type: string } }) => {
            if (chunk.type === "text-delta") timeline.mark("firstOutput");
          },
          onFinish: () => timeline.mark("written"),
        }
      : {}),
  });
  timeline?.mark("streamText");
  const response = createUIMessageStreamResponse({
    stream: toUIMessageStream({ stream: result.stream }),
  });
  timeline?.mark("respond");
  return response;
});

const server = createAdaptorServer({ fetch: app.fetch });
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ baseUrl: `http://127.0.0.1:${port}` })}\n`);
});
const stop = () => server.close(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
