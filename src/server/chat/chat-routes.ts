import { type Context, Hono } from "hono";
import { z } from "zod";
import { AppError, notFound } from "#shared/errors.ts";
import type { Services } from "../api/context.ts";
import type { AppEnv } from "../http/request-info.ts";
import { chatCredentials, chatErrorResponse, identifyChatCaller, readJson } from "./chat-http.ts";
import { type ChatRequest, parseChatRequest, threadIdSchema } from "./chat-request.ts";
import { startChat } from "./start-chat.ts";
import { stopChat } from "./stop-chat.ts";
import { activeStreamsOf } from "./stream/active-streams.ts";
import { type ChatCaller, chatCaller } from "./thread-access.ts";

const stopBodySchema = z.object({ chatId: z.string() });

/**
 * AI chat over HTTP (the AI SDK's UI message stream protocol):
 * - POST /api/chat {id, messages, trigger, messageId, modelId}: stream an answer
 * - GET /api/chat?chatId=… and GET /api/chat/{chatId}/stream (what the SDK's
 *   transport asks by default): replay the answer in flight, then follow it; 204 if none
 * - POST /api/chat/stop {chatId} and POST /api/chat/{chatId}/stop: stop it, keeping the partial answer
 */
export function chatRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  const streams = activeStreamsOf(services);

  const caller = async (c: Context): Promise<ChatCaller> =>
    chatCaller(await identifyChatCaller(c, services));

  const handle = (run: (c: Context) => Promise<Response>) => async (c: Context) => {
    try {
      return await run(c);
    } catch (error) {
      return chatErrorResponse(error, services);
    }
  };

  app.post(
    "/api/chat",
    handle(async (c) => {
      // The body arrives while the token is checked (an auth failure still answers first).
      const body = readJson(c);
      body.catch(() => undefined);
      const claims = await chatCredentials(c, services);
      let request: ChatRequest;
      try {
        request = parseChatRequest(await body);
      } catch (error) {
        // A revoked session hears that, not what is wrong with its request.
        await services.auth.loadIdentity(claims.userId, claims.sessionId);
        throw error;
      }
      // The session itself is checked in the turn's first read, with the thread.
      return startChat({ services, streams, claims, request });
    }),
  );

  // Nothing in flight for this caller (no answer being written, or no thread of theirs: a
  // new chat resumes before its first message) is 204 alike, so it says nothing about others.
  const resume = async (c: Context, chatId: string | undefined) => {
    const who = await caller(c);
    const threadId = threadIdSchema.safeParse(chatId ?? "");
    if (!threadId.success) return c.body(null, 204);
    const active = streams.get(threadId.data);
    if (!active || active.ended) return c.body(null, 204);
    // The answer was started by this user in this organization (its thread may not be stored yet).
    if (active.userId !== who.userId || active.organizationId !== who.organizationId) {
      return c.body(null, 204);
    }
    return active.response();
  };
  app.get(
    "/api/chat",
    handle((c) => resume(c, c.req.query("chatId"))),
  );
  app.get(
    "/api/chat/:chatId/stream",
    handle((c) => resume(c, c.req.param("chatId"))),
  );

  const stop = async (c: Context, chatId: string | undefined) => {
    const who = await caller(c);
    const threadId = threadIdSchema.safeParse(chatId ?? "");
    if (!threadId.success) throw notFound("Thread");
    const value = await stopChat({ services, streams, caller: who, threadId: threadId.data });
    c.header("Cache-Control", "no-store");
    return c.json({ status: "success", value, logLines: [] });
  };
  app.post(
    "/api/chat/stop",
    handle(async (c) => {
      const body = stopBodySchema.safeParse(await readJson(c));
      if (!body.success) throw new AppError("BAD_REQUEST", "Send {chatId} to stop an answer.");
      return stop(c, body.data.chatId);
    }),
  );
  app.post(
    "/api/chat/:chatId/stop",
    handle((c) => stop(c, c.req.param("chatId"))),
  );

  return app;
}
