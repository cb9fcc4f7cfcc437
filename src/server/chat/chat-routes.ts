import { type Context, Hono } from "hono";
import { z } from "zod";
import { AppError, notFound } from "#shared/errors.ts";
import { threadIdSchema } from "#shared/schemas/chat-request.ts";
import type { Services } from "../api/context.ts";
import { requestClaims } from "../auth/request-caller.ts";
import { answerErrors } from "../http/error-response.ts";
import { readJson } from "../http/read-json.ts";
import type { AppEnv } from "../http/request-info.ts";
import { type ChatCaller, chatCaller } from "../threads/thread-access.ts";
import { type ChatRequest, parseChatRequest } from "./chat-request.ts";
import { startChatTimeline } from "./chat-timeline.ts";
import { startChat } from "./start-chat.ts";
import { stopChat } from "./stop-chat.ts";
import { activeStreamsOf } from "./stream/active-streams.ts";

const stopBodySchema = z.object({ chatId: z.string() });
const SEND_JSON = "Send the chat request as JSON (Content-Type: application/json).";

/**
 * /api/chat: AI chat over HTTP (the AI SDK's UI message stream protocol):
 * - POST / {id, messages, trigger, messageId, modelId}: stream an answer
 * - GET /?chatId=… and GET /{chatId}/stream (what the SDK's transport asks
 *   by default): replay the answer in flight, then follow it; 204 if none
 * - POST /stop {chatId} and POST /{chatId}/stop: stop it, keeping the partial answer
 *
 * Callers prove who they are with a bearer token, or the access cookie from
 * this app's own pages. Errors are JSON with the status of their code (the
 * AI SDK client shows the body of a failure); once an answer streams, they
 * end the stream instead.
 */
export function chatRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  const streams = activeStreamsOf(services);
  app.onError(answerErrors(services.log));

  const caller = async (c: Context): Promise<ChatCaller> => {
    const claims = await requestClaims(services, c);
    return chatCaller(await services.auth.checkIdentity(claims.userId, claims.sessionId));
  };

  app.post("/", async (c) => {
    const timeline = startChatTimeline(c.req.header("x-bench-sent-at"));
    // The turn's read comes once the token and the body are checked: PGlite's worker waits for
    // it rather than going to sleep (decision 032, "The worker hop").
    services.database.expectStatement?.();
    // The body arrives while the token is checked (an auth failure still answers first).
    const body = readJson(c, { requireJsonType: SEND_JSON });
    body.catch(() => undefined);
    const claims = await requestClaims(services, c);
    timeline?.mark("claims");
    let request: ChatRequest;
    try {
      request = parseChatRequest(await body);
    } catch (error) {
      // A revoked session hears that, not what is wrong with its request.
      await services.auth.checkIdentity(claims.userId, claims.sessionId);
      throw error;
    }
    timeline?.mark("body");
    // The session itself is checked in the turn's first read, with the thread.
    return startChat({ services, streams, claims, request, timeline });
  });

  // Nothing in flight for this caller (no answer being written, or no thread of theirs: a
  // new chat resumes before its first message) is 204 alike, so it says nothing about others.
  const resume = async (c: Context, chatId: string | undefined) => {
    const who = await caller(c);
    const threadId = threadIdSchema.safeParse(chatId ?? "");
    if (!threadId.success) return c.body(null, 204);
    const active = streams.get(threadId.data);
    if (!active && streams.relay) {
      // Another instance may be writing it (no sticky sessions needed).
      const relayed = await streams.relay.follow({
        threadId: threadId.data,
        userId: who.userId,
        organizationId: who.organizationId,
      });
      return relayed ?? c.body(null, 204);
    }
    if (!active || active.ended) return c.body(null, 204);
    // The answer was started by this user in this organization (its thread may not be stored yet).
    if (active.userId !== who.userId || active.organizationId !== who.organizationId) {
      return c.body(null, 204);
    }
    return active.response();
  };
  app.get("/", (c) => resume(c, c.req.query("chatId")));
  app.get("/:chatId/stream", (c) => resume(c, c.req.param("chatId")));

  const stop = async (c: Context, chatId: string | undefined) => {
    const who = await caller(c);
    const threadId = threadIdSchema.safeParse(chatId ?? "");
    if (!threadId.success) throw notFound("Thread");
    const value = await stopChat({ services, streams, caller: who, threadId: threadId.data });
    c.header("Cache-Control", "no-store");
    return c.json({ status: "success", value, logLines: [] });
  };
  app.post("/stop", async (c) => {
    const body = stopBodySchema.safeParse(await readJson(c, { requireJsonType: SEND_JSON }));
    if (!body.success) throw new AppError("BAD_REQUEST", "Send {chatId} to stop an answer.");
    return stop(c, body.data.chatId);
  });
  app.post("/:chatId/stop", (c) => stop(c, c.req.param("chatId")));

  return app;
}
