import type { UIMessageChunk } from "ai";

/**
 * A client for POST /api/chat and its resume and stop endpoints, reading the
 * AI SDK's UI message stream (SSE) the way the browser's transport does.
 */

export type Chunk = UIMessageChunk & Record<string, unknown>;

let counter = 0;
export const newChatId = () =>
  `thread${Date.now().toString(36)}${(++counter).toString().padStart(4, "0")}`;
export const newMessageId = () => `msg${Date.now().toString(36)}${(++counter).toString()}`;

export function chatBody(
  chatId: string,
  text: string,
  options: {
    messageId?: string;
    modelId?: string;
    trigger?: "submit-message" | "regenerate-message";
    editOf?: string;
  } = {},
) {
  const id = options.editOf ?? options.messageId ?? newMessageId();
  return {
    id: chatId,
    messages: [{ id, role: "user", parts: [{ type: "text", text }] }],
    trigger: options.trigger ?? "submit-message",
    messageId: options.editOf,
    ...(options.modelId ? { modelId: options.modelId } : {}),
  };
}

export function postChat(
  server: { url: string },
  token: string,
  body: unknown,
  init: { signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<Response> {
  return fetch(`${server.url}/api/chat`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${token}`,
      ...init.headers,
    },
    body: JSON.stringify(body),
    signal: init.signal,
  });
}

export function resumeChat(
  server: { url: string },
  token: string,
  chatId: string,
  style: "query" | "path" = "query",
): Promise<Response> {
  const path =
    style === "query"
      ? `/api/chat?chatId=${encodeURIComponent(chatId)}`
      : `/api/chat/${encodeURIComponent(chatId)}/stream`;
  return fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
}

export async function stopChat(server: { url: string }, token: string, chatId: string) {
  const response = await fetch(`${server.url}/api/chat/stop`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ chatId }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The chunks of an SSE body as they arrive; ends at `data: [DONE]` or the end of the body. */
export async function* sseChunks(response: Response): AsyncGenerator<Chunk> {
  if (!response.body) throw new Error("no body");
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += value;
      let end = buffer.indexOf("\n\n");
      while (end !== -1) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf("\n\n");
        const data = event
          .split("\n")
          .filter((line) => line.startsWith("data: "))
          .map((line) => line.slice(6))
          .join("\n");
        if (!data) continue;
        if (data === "[DONE]") return;
        yield JSON.parse(data) as Chunk;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

export async function readAll(response: Response): Promise<Chunk[]> {
  const chunks: Chunk[] = [];
  for await (const chunk of sseChunks(response)) chunks.push(chunk);
  return chunks;
}

/** The answer's text as the client would show it. */
export const streamedText = (chunks: Chunk[]) =>
  chunks.flatMap((c) => (c.type === "text-delta" ? [c.delta as string] : [])).join("");

export const streamedReasoning = (chunks: Chunk[]) =>
  chunks.flatMap((c) => (c.type === "reasoning-delta" ? [c.delta as string] : [])).join("");

/** Poll until `check` returns a value (not undefined/false) or fail after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10_000,
  what = "the condition",
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ""}`);
}
