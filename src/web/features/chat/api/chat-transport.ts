import { DefaultChatTransport } from "ai";
import { errorBodySchema } from "#shared/errors.ts";
import type { ChatRequestBody } from "#shared/schemas/chat-request.ts";
import { toAppError } from "../../../lib/sync/http-transport.ts";
import type { AtriumMessage } from "../lib/chat-message.ts";

export const CHAT_API = "/api/chat";

export type FetchToken = () => Promise<string | null>;

export function authHeaders(token: string | null): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * The AI SDK's HTTP transport for our chat endpoint. The server keeps the
 * history, so a request carries only the newest message (the new or edited
 * user message, or the one an answer is regenerated for), the thread id, the
 * trigger and the chosen model. Resuming asks `GET /api/chat?chatId=` (SPEC 7).
 * Every request gets a fresh access token (it may have been refreshed).
 */
export function createChatTransport(fetchToken: FetchToken) {
  return new DefaultChatTransport<AtriumMessage>({
    api: CHAT_API,
    headers: async () => authHeaders(await fetchToken()),
    prepareSendMessagesRequest: ({ id, messages, trigger, messageId, body }) => ({
      body: {
        id,
        // Only the newest message: the server keeps the history.
        messages: messages.slice(-1).map((message) => ({ ...message })),
        trigger,
        messageId,
        modelId: typeof body?.modelId === "string" ? body.modelId : undefined,
      } satisfies ChatRequestBody,
    }),
    prepareReconnectToStreamRequest: ({ id }) => ({
      api: `${CHAT_API}?chatId=${encodeURIComponent(id)}`,
    }),
  });
}

/**
 * Ends generation on the server (POST /api/chat/stop); aborting the fetch only
 * stops this tab from listening, the server keeps going so others can resume.
 */
export async function stopChatOnServer(chatId: string, fetchToken: FetchToken): Promise<void> {
  const response = await fetch(`${CHAT_API}/stop`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...authHeaders(await fetchToken()) },
    body: JSON.stringify({ chatId }),
  });
  // Nothing in flight any more (it just finished) is not a failure.
  if (!response.ok && response.status !== 404 && response.status !== 409) {
    const body = errorBodySchema.safeParse(await response.json().catch(() => undefined));
    if (body.success) throw toAppError(body.data.errorMessage, body.data.errorData);
    throw new Error(`Stopping the answer failed (HTTP ${response.status}). Please try again.`);
  }
}
