import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import { messages, threads } from "../../src/server/db/schema.ts";
import { callFnResult } from "../support/call-fn.ts";
import {
  type Chunk,
  chatBody,
  eventually,
  newChatId,
  postChat,
  readAll,
  resumeChat,
  sseChunks,
  stopChat,
  streamedText,
} from "../support/chat-client.ts";
import { useChatServer } from "../support/chat-server.ts";
import { startFakeOpenAI } from "../support/fake-openai.ts";
import { createTestUser, DB_KINDS, startTestServer } from "../support/server.ts";

/** The whole slow answer of the fake model ([slow:MS]): 60 words. */
const SLOW_ANSWER = `${Array.from({ length: 60 }, (_, i) => `word${i + 1}`).join(" ")}.`;

/** Read chunks until `count` text deltas have arrived, then leave the rest unread. */
async function readDeltas(response: Response, count: number): Promise<Chunk[]> {
  const chunks: Chunk[] = [];
  let deltas = 0;
  for await (const chunk of sseChunks(response)) {
    chunks.push(chunk);
    if (chunk.type === "text-delta" && ++deltas >= count) break;
  }
  return chunks;
}

/** Resume after a client drops, stop midway, and one answer at a time per thread. */
describe.each(DB_KINDS)("chat resume and stop (%s)", (kind) => {
  const chat = useChatServer(kind);
  const db = () => chat.server.running.services.database.db;
  const { storedMessages } = chat;
  const threadRow = async (threadId: string) => (await chat.threadRow(threadId))!;
  it("keeps generating when the client drops, and a resume replays it all then follows it live", async () => {
    const user = await createTestUser(chat.server);
    const chatId = newChatId();
    const dropped = new AbortController();
    const response = await postChat(chat.server, user.token, chatBody(chatId, "[slow:25] go"), {
      signal: dropped.signal,
    });
    const firstPart = await readDeltas(response, 5);
    expect(streamedText(firstPart)).toBe("word1 word2 word3 word4 word5 ");
    dropped.abort();

    // While it streams, the thread says so, and the answer's row fills in about once a second.
    expect((await threadRow(chatId)).activeStreamId).not.toBeNull();
    await eventually(
      async () => {
        const [, answer] = await storedMessages(chatId);
        return answer?.status === "streaming" && JSON.stringify(answer.parts).includes("word10");
      },
      5_000,
      "a periodic save of the streaming answer",
    );

    const resumed = await resumeChat(chat.server, user.token, chatId);
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const replay = await readAll(resumed);
    expect(replay[0]).toMatchObject({ type: "start", messageId: firstPart[0]!.messageId });
    expect(streamedText(replay)).toBe(SLOW_ANSWER);
    expect(replay.at(-1)).toMatchObject({ type: "finish", finishReason: "stop" });

    const [, answer] = await storedMessages(chatId);
    expect(answer).toMatchObject({ status: "complete", finishReason: "stop" });
    expect(answer!.parts).toContainEqual({ type: "text", text: SLOW_ANSWER, state: "done" });
    expect((await threadRow(chatId)).activeStreamId).toBeNull();
    // One model request: the drop did not restart or cancel it.
    expect(
      chat.fake.streamedRequests().filter((r) => r.lastUserText === "[slow:25] go"),
    ).toHaveLength(1);
  });

  it("resumes at the address the AI SDK's transport uses too, and answers 204 when idle", async () => {
    const user = await createTestUser(chat.server);
    const chatId = newChatId();
    const response = await postChat(chat.server, user.token, chatBody(chatId, "[slow:20] again"));
    const viaPath = await resumeChat(chat.server, user.token, chatId, "path");
    expect(viaPath.status).toBe(200);
    const [original, replay] = await Promise.all([readAll(response), readAll(viaPath)]);
    expect(streamedText(original)).toBe(SLOW_ANSWER);
    expect(streamedText(replay)).toBe(SLOW_ANSWER);

    const idle = await resumeChat(chat.server, user.token, chatId);
    expect(idle.status).toBe(204);
    expect(await idle.text()).toBe("");
    // A new chat resumes before its first message: nothing in flight, not an error.
    const unknown = await resumeChat(chat.server, user.token, newChatId(), "path");
    expect(unknown.status).toBe(204);
  });

  it("never lets anybody else follow or stop an answer in flight", async () => {
    const owner = await createTestUser(chat.server);
    const colleague = await createTestUser(chat.server, { organizationId: owner.organizationId });
    const stranger = await createTestUser(chat.server);
    const chatId = newChatId();
    const response = await postChat(chat.server, owner.token, chatBody(chatId, "[slow:30] mine"));
    const reading = readAll(response);
    await eventually(async () => (await threadRow(chatId))?.activeStreamId != null);
    for (const other of [colleague, stranger]) {
      for (const style of ["query", "path"] as const) {
        const resumed = await resumeChat(chat.server, other.token, chatId, style);
        expect(resumed.status).toBe(204);
        expect(await resumed.text()).toBe("");
      }
      expect((await stopChat(chat.server, other.token, chatId)).status).toBe(404);
    }
    expect(streamedText(await reading)).toBe(SLOW_ANSWER);
    const [, answer] = await storedMessages(chatId);
    expect(answer!.status).toBe("complete");
  });

  it("stops midway: the model request ends and the partial answer is kept as stopped", async () => {
    const user = await createTestUser(chat.server);
    const chatId = newChatId();
    const response = await postChat(chat.server, user.token, chatBody(chatId, "[slow:40] stop me"));
    const iterator = sseChunks(response);
    const seen: Chunk[] = [];
    let deltas = 0;
    for await (const chunk of iterator) {
      seen.push(chunk);
      if (chunk.type === "text-delta" && ++deltas >= 3) break;
    }
    const stopped = await stopChat(chat.server, user.token, chatId);
    expect(stopped).toEqual({
      status: 200,
      body: { status: "success", value: { stopped: true }, logLines: [] },
    });

    const [, answer] = await storedMessages(chatId);
    expect(answer!.status).toBe("stopped");
    const text = String(answer!.parts.find((p) => p.type === "text")?.text ?? "");
    expect(text.startsWith("word1 word2 word3")).toBe(true);
    expect(text.length).toBeLessThan(SLOW_ANSWER.length);
    expect((await threadRow(chatId)).activeStreamId).toBeNull();
    await eventually(() => chat.fake.openStreams === 0, 5_000, "the model request to be cancelled");

    // Nothing is in flight any more; the thread takes the next message.
    expect((await resumeChat(chat.server, user.token, chatId)).status).toBe(204);
    const next = await readAll(
      await postChat(chat.server, user.token, chatBody(chatId, "after the stop")),
    );
    expect(streamedText(next)).toBe("Echo: after the stop");
    expect(await stopChat(chat.server, user.token, chatId)).toMatchObject({
      status: 200,
      body: { value: { stopped: false } },
    });
  });

  it("sends the end of a stopped answer to its listeners", async () => {
    const user = await createTestUser(chat.server);
    const chatId = newChatId();
    const response = await postChat(chat.server, user.token, chatBody(chatId, "[slow:40] listen"));
    const reading = readAll(response);
    await eventually(async () => {
      const [, answer] = await storedMessages(chatId);
      return answer?.status === "streaming";
    });
    await stopChat(chat.server, user.token, chatId);
    const chunks = await reading;
    expect(chunks.at(-1)).toEqual({ type: "abort", reason: "stopped" });
    expect(chunks).toContainEqual(
      expect.objectContaining({
        type: "message-metadata",
        messageMetadata: expect.objectContaining({ status: "stopped" }),
      }),
    );
  });

  it("stops the answer of a thread that is deleted while it is written", async () => {
    const user = await createTestUser(chat.server);
    const chatId = newChatId();
    const response = await postChat(chat.server, user.token, chatBody(chatId, "[slow:40] doomed"));
    const reading = readAll(response);
    await eventually(async () => (await chat.threadRow(chatId))?.activeStreamId != null);
    const removed = await callFnResult(
      chat.server,
      api.threads.remove,
      { threadId: chatId },
      user.token,
    );
    expect(removed.body.status).toBe("success");
    const chunks = await reading;
    expect(chunks.at(-1)).toEqual({ type: "abort", reason: "stopped" });
    expect(streamedText(chunks)).not.toContain("word60");
    expect(await storedMessages(chatId)).toEqual([]);
  });

  it("writes one answer at a time per thread", async () => {
    const user = await createTestUser(chat.server);
    const chatId = newChatId();
    const first = await postChat(chat.server, user.token, chatBody(chatId, "[slow:30] first"));
    const second = await postChat(chat.server, user.token, chatBody(chatId, "second"));
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({
      errorMessage: "An answer is still being written in this chat. Wait for it, or stop it first.",
    });
    await stopChat(chat.server, user.token, chatId);
    await readAll(first);
    const rows = await storedMessages(chatId);
    expect(rows.map((r) => r.role)).toEqual(["user", "assistant"]);
  });

  it("recovers a thread left 'streaming' by a process that died", async () => {
    const user = await createTestUser(chat.server);
    const chatId = newChatId();
    await readAll(await postChat(chat.server, user.token, chatBody(chatId, "before the crash")));
    // What a crash mid-answer leaves: the thread pointing at a stream, a row still streaming.
    const [, answer] = await storedMessages(chatId);
    await db()
      .update(messages)
      .set({ status: "streaming", updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(messages.id, answer!.id));
    await db().update(threads).set({ activeStreamId: "dead-stream" }).where(eq(threads.id, chatId));

    expect((await resumeChat(chat.server, user.token, chatId)).status).toBe(204);
    const next = await readAll(
      await postChat(chat.server, user.token, chatBody(chatId, "after the crash")),
    );
    expect(streamedText(next)).toBe("Echo: after the crash");
    const rows = await storedMessages(chatId);
    expect(rows[1]).toMatchObject({ status: "error", error: expect.stringMatching(/interrupted/) });
    expect(rows.at(-1)).toMatchObject({ status: "complete" });
  });
});

describe.each(DB_KINDS)("chat at shutdown (%s)", (kind) => {
  it("lets an answer in flight finish and be saved before the database closes", async () => {
    const fake = await startFakeOpenAI();
    const server = await startTestServer(kind, {
      OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
      OPENAI_COMPATIBLE_MODELS: "fake-model",
    });
    try {
      const user = await createTestUser(server);
      const chatId = newChatId();
      const response = await postChat(server, user.token, chatBody(chatId, "[slow:20] closing"));
      const reading = readAll(response);
      await eventually(() => fake.openStreams === 1, 5_000, "the model to be streaming");
      await server.close();
      expect(streamedText(await reading)).toBe(SLOW_ANSWER);

      // Read what was saved, with the server gone.
      const database = await openDatabase({
        databaseUrl: server.databaseUrl,
        dataDir: server.running.services.config.dataDir,
      });
      try {
        const rows = await database.db
          .select()
          .from(messages)
          .where(eq(messages.threadId, chatId))
          .orderBy(asc(messages.seq));
        expect(rows.map((r) => [r.role, r.status])).toEqual([
          ["user", "complete"],
          ["assistant", "complete"],
        ]);
        const [thread] = await database.db.select().from(threads).where(eq(threads.id, chatId));
        expect(thread!.activeStreamId).toBeNull();
      } finally {
        await database.close();
      }
    } finally {
      await server.close();
      await fake.close();
    }
  });
});
