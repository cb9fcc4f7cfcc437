import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Chunk,
  chatBody,
  newChatId,
  postChat,
  readAll,
  resumeChat,
  sseChunks,
  streamedText,
} from "../support/chat-client.ts";
import { type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai.ts";
import { createTestUser, startTestServer, type TestServer } from "../support/server.ts";

/** The whole slow answer of the fake model ([slow:MS]): 60 words. */
const SLOW_ANSWER = `${Array.from({ length: 60 }, (_, i) => `word${i + 1}`).join(" ")}.`;

async function readDeltas(response: Response, count: number): Promise<Chunk[]> {
  const chunks: Chunk[] = [];
  let deltas = 0;
  for await (const chunk of sseChunks(response)) {
    chunks.push(chunk);
    if (chunk.type === "text-delta" && ++deltas >= count) break;
  }
  return chunks;
}

/**
 * Two instances on one PostgreSQL database, no sticky sessions: an answer started on A can be
 * resumed on B, whole and in order, nothing lost or repeated (decision 006, amendment).
 */
describe("resuming an answer on another instance (postgres)", () => {
  let fake: FakeOpenAI;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    const env = {
      OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
      OPENAI_COMPATIBLE_MODELS: "fake-model",
    };
    a = await startTestServer("postgres", env);
    b = await startTestServer("postgres", env, { databaseUrl: a.databaseUrl });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await fake?.close();
  });

  it("replays on B what A has streamed so far, then follows it to the end", async () => {
    const user = await createTestUser(a);
    const chatId = newChatId();
    const dropped = new AbortController();
    const original = await postChat(a, user.token, chatBody(chatId, "[slow:25] go"), {
      signal: dropped.signal,
    });
    const firstPart = await readDeltas(original, 5);
    dropped.abort();

    const resumed = await resumeChat(b, user.token, chatId);
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const replay = await readAll(resumed);
    expect(replay[0]).toMatchObject({ type: "start", messageId: firstPart[0]!.messageId });
    expect(streamedText(replay)).toBe(SLOW_ANSWER);
    expect(replay.at(-1)).toMatchObject({ type: "finish", finishReason: "stop" });
    expect(replay.filter((chunk) => chunk.type === "start")).toHaveLength(1);
  });

  it("gives B's listener exactly the chunks A's own listener gets", async () => {
    const user = await createTestUser(a);
    const chatId = newChatId();
    const original = await postChat(a, user.token, chatBody(chatId, "[slow:15] twice"));
    // Resume on B as soon as the turn is stored (before that B knows nothing of it).
    let resumed = await resumeChat(b, user.token, chatId, "path");
    for (let tries = 0; resumed.status === 204 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      resumed = await resumeChat(b, user.token, chatId, "path");
    }
    expect(resumed.status).toBe(200);
    const [onA, onB] = await Promise.all([readAll(original), readAll(resumed)]);
    expect(streamedText(onA)).toBe(SLOW_ANSWER);
    expect(onB).toEqual(onA);

    // Once saved, there is nothing to resume on either instance.
    expect((await resumeChat(b, user.token, chatId)).status).toBe(204);
    expect((await resumeChat(a, user.token, chatId)).status).toBe(204);
  });

  it("answers 204 on B to anybody else, as for an answer that does not exist", async () => {
    const owner = await createTestUser(a);
    const other = await createTestUser(a, { organizationId: owner.organizationId });
    const chatId = newChatId();
    const dropped = new AbortController();
    // Slow enough (2.4 s) to still be in flight after the three resumes below on a loaded machine.
    const original = await postChat(a, owner.token, chatBody(chatId, "[slow:40] private"), {
      signal: dropped.signal,
    });
    await readDeltas(original, 2);
    dropped.abort();
    expect((await resumeChat(b, other.token, chatId)).status).toBe(204);
    expect((await resumeChat(b, owner.token, newChatId())).status).toBe(204);
    // The owner can: the answer is there to follow.
    expect(streamedText(await readAll(await resumeChat(b, owner.token, chatId)))).toBe(SLOW_ANSWER);
  });
});
