import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real HTTP server on loopback that speaks OpenAI's chat-completions
 * protocol (streaming SSE and plain JSON), so tests drive the real provider
 * code of the AI SDK. Start the server under test with
 * OPENAI_COMPATIBLE_BASE_URL=<fake.baseUrl> and OPENAI_COMPATIBLE_MODELS=...
 *
 * What it answers is chosen per request, from markers in the last user
 * message (handlers registered with `respond` come first):
 *
 * - (none)                  "Echo: <the user's text>", word by word
 * - [slow:MS]               a long answer, one word every MS milliseconds
 * - [ttft:MS]               the echo, its first word after MS milliseconds (a real model's pace)
 * - [think]                 "<think>…</think>" then the answer
 * - [error:STATUS]          HTTP STATUS with an OpenAI error body
 * - [midstream-error]       a few words, then an error chunk
 * - [search:QUERY]          a searchDocuments tool call, then an answer citing [1]
 * - [read:DOCUMENT_ID]      a readDocument tool call, then an answer
 * - [list]                  a listThreadDocuments tool call, then an answer
 *
 * Non-streaming requests (titles, summaries) get the same reply as one message;
 * a request whose instructions ask for a title gets "Fake title: <words>".
 */

export interface ChatRequestMessage {
  role: string;
  content?: unknown;
  tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
}

export interface RecordedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: {
    model: string;
    stream?: boolean;
    messages: ChatRequestMessage[];
    tools?: Array<{ function: { name: string } }>;
    stream_options?: { include_usage?: boolean };
  };
  /** The text of the last user message. */
  lastUserText: string;
  /** Tool results (role "tool" messages) the model was given, newest last. */
  toolResults: string[];
  receivedAt: number;
}

export type Step =
  /** `delayMs`, when given, paces this step's tokens instead of the reply's `delayMs`. */
  | { text: string; delayMs?: number }
  | { toolCall: { name: string; args: unknown; id?: string } }
  | { error: string };

export type Reply =
  | {
      kind: "stream";
      steps: Step[];
      /** Milliseconds before each token; `firstDelayMs` before the first one only. */
      delayMs?: number;
      firstDelayMs?: number;
      /** Awaited before the first token (after firstDelayMs): a test holds the answer until then. */
      gate?: Promise<void>;
      finishReason?: string;
    }
  | { kind: "http-error"; status: number; message: string; type?: string; code?: string };

export type Handler = (request: RecordedRequest) => Reply | undefined;

export interface FakeOpenAI {
  url: string;
  /** What OPENAI_COMPATIBLE_BASE_URL should be. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Chat-completion requests only (not titles): those with stream: true. */
  streamedRequests(): RecordedRequest[];
  respond(handler: Handler): void;
  /** Responses in flight (open streams). */
  readonly openStreams: number;
  close(): Promise<void>;
}

export const textReply = (text: string, delayMs = 0): Reply => ({
  kind: "stream",
  steps: [{ text }],
  delayMs,
});

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const requests: RecordedRequest[] = [];
  const handlers: Handler[] = [];
  let openStreams = 0;
  let counter = 0;

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: `fake server bug: ${String(error)}` } }));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? "").split("?")[0] ?? "";
    if (req.method === "GET" && path.endsWith("/models")) {
      return json(res, 200, { object: "list", data: [] });
    }
    if (req.method !== "POST" || !path.endsWith("/chat/completions")) {
      return json(res, 404, { error: { message: `No route ${req.method} ${path}` } });
    }
    const body = JSON.parse(await readBody(req)) as RecordedRequest["body"];
    const recorded: RecordedRequest = {
      path,
      headers: req.headers,
      body,
      lastUserText: lastUserText(body.messages),
      toolResults: toolResultsAfterLastUser(body.messages),
      receivedAt: Date.now(),
    };
    requests.push(recorded);
    const reply = chooseReply(recorded);
    if (reply.kind === "http-error") {
      return json(res, reply.status, {
        error: {
          message: reply.message,
          type: reply.type ?? "invalid_request_error",
          code: reply.code ?? null,
          param: null,
        },
      });
    }
    const id = `chatcmpl-fake-${++counter}`;
    if (!body.stream) {
      // A non-streamed answer takes firstDelayMs as a whole (a model's latency).
      if (reply.firstDelayMs) await sleep(reply.firstDelayMs);
      if (reply.gate) await reply.gate;
      return json(res, 200, completion(id, body.model, reply));
    }
    openStreams++;
    try {
      await stream(res, id, body, reply);
    } finally {
      openStreams--;
    }
  }

  function chooseReply(request: RecordedRequest): Reply {
    for (const handler of handlers) {
      const reply = handler(request);
      if (reply) return reply;
    }
    return builtInReply(request);
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    baseUrl: `${url}/v1`,
    requests,
    streamedRequests: () => requests.filter((r) => r.body.stream === true),
    respond: (handler) => {
      handlers.unshift(handler);
    },
    get openStreams() {
      return openStreams;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The built-in behaviours, chosen by markers in the last user message. */
function builtInReply(request: RecordedRequest): Reply {
  const text = request.lastUserText;
  const system = systemText(request.body.messages);
  if (!request.body.stream && /title/i.test(system)) {
    const words = text
      .replace(/^User:\s*/, "")
      .replace(/\[[^\]]*\]/g, " ")
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 4);
    return textReply(`Fake title: ${words.join(" ")}`);
  }
  const status = /\[error:(\d{3})\]/.exec(text);
  if (status) {
    const code = Number(status[1]);
    return {
      kind: "http-error",
      status: code,
      message: `Fake provider refused the request (HTTP ${code}).`,
      code: "fake_error",
    };
  }
  if (text.includes("[midstream-error]")) {
    return {
      kind: "stream",
      steps: [{ text: "Partial answer before " }, { error: "The fake model crashed mid-stream." }],
    };
  }
  const ttft = /\[ttft:(\d+)\]/.exec(text);
  if (ttft) {
    return { kind: "stream", steps: [{ text: `Echo: ${text}` }], firstDelayMs: Number(ttft[1]) };
  }
  const slow = /\[slow:(\d+)\]/.exec(text);
  if (slow) {
    const words = Array.from({ length: 60 }, (_, i) => `word${i + 1}`).join(" ");
    return textReply(`${words}.`, Number(slow[1]));
  }
  if (text.includes("[think]")) {
    return textReply("<think>The user wants a number. 6 times 7.</think>The answer is 42.");
  }
  const tool = toolMarker(text);
  if (tool) {
    if (request.toolResults.length === 0) {
      return { kind: "stream", steps: [{ toolCall: tool }], finishReason: "tool_calls" };
    }
    return textReply(`Here is what I found [1]. (${request.toolResults.length} tool result(s))`);
  }
  return textReply(`Echo: ${text}`);
}

function toolMarker(text: string): { name: string; args: unknown } | undefined {
  const search = /\[search:([^\]]+)\]/.exec(text);
  if (search) return { name: "searchDocuments", args: { query: search[1]!.trim() } };
  const read = /\[read:([^\]]+)\]/.exec(text);
  if (read) return { name: "readDocument", args: { documentId: read[1]!.trim() } };
  if (text.includes("[list]")) return { name: "listThreadDocuments", args: {} };
  return undefined;
}

async function stream(
  res: ServerResponse,
  id: string,
  body: RecordedRequest["body"],
  reply: Extract<Reply, { kind: "stream" }>,
) {
  let closed = false;
  res.on("close", () => {
    closed = true;
  });
  res.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  const created = Math.floor(Date.now() / 1000);
  const send = (payload: unknown) => {
    if (!closed) res.write(`data: ${JSON.stringify(payload)}\n\n`);
  };
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    send({
      id,
      object: "chat.completion.chunk",
      created,
      model: body.model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    });

  let completionTokens = 0;
  let toolIndex = 0;
  chunk({ role: "assistant", content: "" });
  if (reply.firstDelayMs) await sleep(reply.firstDelayMs);
  if (reply.gate) await reply.gate;
  for (const [stepIndex, step] of reply.steps.entries()) {
    if ("error" in step) {
      send({ error: { message: step.error, type: "server_error", code: null, param: null } });
      res.end();
      return;
    }
    if ("toolCall" in step) {
      const index = toolIndex++;
      const callId = step.toolCall.id ?? `call_${id}_${stepIndex}`;
      const args = JSON.stringify(step.toolCall.args);
      chunk({
        tool_calls: [
          {
            index,
            id: callId,
            type: "function",
            function: { name: step.toolCall.name, arguments: "" },
          },
        ],
      });
      // Arguments arrive in pieces, as real servers send them.
      for (let at = 0; at < args.length; at += 8) {
        chunk({ tool_calls: [{ index, function: { arguments: args.slice(at, at + 8) } }] });
        completionTokens++;
      }
      continue;
    }
    const delayMs = step.delayMs ?? reply.delayMs;
    for (const token of tokens(step.text)) {
      if (closed) return;
      if (delayMs) await sleep(delayMs);
      chunk({ content: token });
      completionTokens++;
    }
  }
  chunk({}, reply.finishReason ?? "stop");
  if (body.stream_options?.include_usage) {
    const promptTokens = Math.ceil(JSON.stringify(body.messages).length / 4);
    send({
      id,
      object: "chat.completion.chunk",
      created,
      model: body.model,
      choices: [],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
    });
  }
  if (!closed) res.end("data: [DONE]\n\n");
}

function completion(id: string, model: string, reply: Extract<Reply, { kind: "stream" }>) {
  const text = reply.steps.map((step) => ("text" in step ? step.text : "")).join("");
  return {
    id,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
    usage: {
      prompt_tokens: 10,
      completion_tokens: tokens(text).length,
      total_tokens: 10 + tokens(text).length,
    },
  };
}

/** Words with their following space, so joining them gives the text back. */
function tokens(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (part && typeof part === "object" && "text" in part ? String(part.text) : ""))
      .join("");
  }
  return "";
}

function lastUserText(messages: ChatRequestMessage[]): string {
  const last = [...messages].reverse().find((m) => m.role === "user");
  return last ? contentText(last.content) : "";
}

function systemText(messages: ChatRequestMessage[]): string {
  return messages
    .filter((m) => m.role === "system")
    .map((m) => contentText(m.content))
    .join("\n");
}

function toolResultsAfterLastUser(messages: ChatRequestMessage[]): string[] {
  const lastUser = messages.map((m) => m.role).lastIndexOf("user");
  return messages
    .slice(lastUser + 1)
    .filter((m) => m.role === "tool")
    .map((m) => contentText(m.content));
}

function json(res: ServerResponse, status: number, payload: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(payload));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
