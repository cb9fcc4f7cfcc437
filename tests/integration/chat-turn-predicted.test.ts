import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { turnPredictionsOf } from "../../src/server/chat/turn-predictions.ts";
import { messages, sessions, users } from "../../src/server/db/schema.ts";
import { callFn } from "../support/call-fn.ts";
import {
  type Chunk,
  chatBody,
  newChatId,
  newMessageId,
  postChat,
  readAll,
  streamedText,
} from "../support/chat-client.ts";
import { useChatServer } from "../support/chat-server.ts";
import { type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai.ts";
import { insertDocument } from "../support/dossier-fixtures.ts";
import {
  createTestUser,
  DB_KINDS,
  startTestServer,
  type TestServer,
  type TestUser,
} from "../support/server.ts";

/**
 * A turn whose thread this instance created or last answered starts the model from what it
 * remembers, beside the turn's read, and keeps it only if the read agrees (decision 032, sixth
 * round). Whatever changed meanwhile (a revoked session, a disabled user, a deleted thread,
 * another writer, documents attached, a user out of the organization), the answer must be the
 * read's: its error as JSON, or an answer from the history as stored, with no chunk of the
 * guessed answer ever reaching the client.
 */

/** What the model was asked, as the user and assistant turns it got (newest last). */
function conversationOf(fake: FakeOpenAI, index = -1): string[] {
  const request = fake.streamedRequests().at(index)!;
  return request.body.messages
    .filter((m) => m.role === "user" || m.role === "assistant")
    .map(
      (m) => `${m.role}: ${typeof m.content === "string" ? m.content : JSON.stringify(m.content)}`,
    );
}

function systemOf(fake: FakeOpenAI, index = -1): string {
  const request = fake.streamedRequests().at(index)!;
  const system = request.body.messages.find((m) => m.role === "system");
  return typeof system?.content === "string" ? system.content : JSON.stringify(system?.content);
}

/** One answer as the client sees it: a single start, the stored assistant message's id. */
function expectOneAnswer(chunks: Chunk[]) {
  expect(chunks.filter((c) => c.type === "start")).toHaveLength(1);
  expect(chunks.at(-1)).toMatchObject({ type: "finish" });
}

async function sessionIdOf(server: TestServer, user: TestUser): Promise<string> {
  const [session] = await server.running.services.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, user.userId));
  return session!.id;
}

describe.each(DB_KINDS)("a turn started from this instance's guess (%s)", (kind) => {
  const chat = useChatServer(kind);
  const db = () => chat.server.running.services.database.db;
  const predictions = () => turnPredictionsOf(chat.server.running.services);
  // Off by default on PostgreSQL (decision 032, "Chat by chat"): these cases are about the guess.
  beforeAll(() => {
    predictions().enabled = true;
  });

  /** A user whose session this instance knows (one turn read), and a new thread of theirs. */
  async function known(): Promise<{ user: TestUser; threadId: string }> {
    const user = await createTestUser(chat.server);
    const first = newChatId();
    await callFn(chat.server, api.threads.create, { threadId: first }, user.token);
    await readAll(await postChat(chat.server, user.token, chatBody(first, "warm up")));
    const threadId = newChatId();
    await callFn(chat.server, api.threads.create, { threadId }, user.token);
    return { user, threadId };
  }

  const send = async (user: TestUser, threadId: string, text: string) => {
    const response = await postChat(chat.server, user.token, chatBody(threadId, text));
    return { response, chunks: response.ok ? await readAll(response) : [] };
  };

  it("confirms the guess on a new thread and on the next turns, with the stored history", {
    timeout: 60_000,
  }, async () => {
    const { user, threadId } = await known();
    const before = { ...predictions().stats };
    const one = await send(user, threadId, "first question");
    expectOneAnswer(one.chunks);
    expect(streamedText(one.chunks)).toBe("Echo: first question");
    const two = await send(user, threadId, "second question");
    expectOneAnswer(two.chunks);
    expect(conversationOf(chat.fake)).toEqual([
      "user: first question",
      "assistant: Echo: first question",
      "user: second question",
    ]);
    expect(predictions().stats.predicted - before.predicted).toBe(2);
    expect(predictions().stats.confirmed - before.confirmed).toBe(2);
    expect(predictions().stats.missed - before.missed).toBe(0);
    const stored = await chat.storedMessages(threadId);
    expect(stored.map((m) => [m.role, m.status])).toEqual([
      ["user", "complete"],
      ["assistant", "complete"],
      ["user", "complete"],
      ["assistant", "complete"],
    ]);
    expect(two.chunks[0]).toMatchObject({ type: "start", messageId: stored[3]!.id });
  });

  it("answers a revoked session's turn with the read's error, nothing streamed", {
    timeout: 60_000,
  }, async () => {
    const { user, threadId } = await known();
    await send(user, threadId, "before");
    const missed = predictions().stats.missed;
    await db()
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, await sessionIdOf(chat.server, user)));
    const asked = chat.fake.streamedRequests().length;
    const after = await send(user, threadId, "after");
    expect(after.response.status).toBe(401);
    // The guessed turn's model request waited for the read, which refused: nothing went out.
    expect(chat.fake.streamedRequests()).toHaveLength(asked);
    expect(after.response.headers.get("content-type")).toMatch(/json/);
    expect(await after.response.text()).toContain("session_revoked");
    expect(predictions().stats.missed).toBe(missed + 1);
    expect(await chat.storedMessages(threadId)).toHaveLength(2);
  });

  it("answers a disabled user's turn with the read's error", { timeout: 60_000 }, async () => {
    const { user, threadId } = await known();
    await send(user, threadId, "before");
    await db().update(users).set({ disabled: true }).where(eq(users.id, user.userId));
    const after = await send(user, threadId, "after");
    expect(after.response.status).toBe(401);
    expect(await after.response.text()).toContain("user_disabled");
    expect(await chat.storedMessages(threadId)).toHaveLength(2);
  });

  it("refuses a user taken out of the organization", { timeout: 60_000 }, async () => {
    const { user, threadId } = await known();
    await send(user, threadId, "before");
    await db().update(users).set({ organizationId: null }).where(eq(users.id, user.userId));
    const after = await send(user, threadId, "after");
    expect(after.response.status).toBe(403);
    expect(await after.response.text()).toMatch(/does not belong to an organization/);
    expect(await chat.storedMessages(threadId)).toHaveLength(2);
  });

  it("starts a deleted thread afresh, as the read says, not from the remembered history", {
    timeout: 60_000,
  }, async () => {
    const { user, threadId } = await known();
    await send(user, threadId, "old question");
    await callFn(chat.server, api.threads.remove, { threadId }, user.token);
    const missed = predictions().stats.missed;
    const after = await send(user, threadId, "new question");
    expectOneAnswer(after.chunks);
    expect(conversationOf(chat.fake)).toEqual(["user: new question"]);
    expect(predictions().stats.missed).toBe(missed + 1);
    const stored = await chat.storedMessages(threadId);
    expect(stored.map((m) => m.seq)).toEqual([0, 1]);
    expect(after.chunks[0]).toMatchObject({ type: "start", messageId: stored[1]!.id });
  });

  it("answers from the stored history when another writer added messages meanwhile", {
    timeout: 60_000,
  }, async () => {
    const { user, threadId } = await known();
    await send(user, threadId, "mine");
    // Another instance's turn, as its rows: the guess here no longer matches the database.
    const [last] = await chat.storedMessages(threadId).then((rows) => rows.slice(-1));
    const base = {
      organizationId: user.organizationId,
      threadId,
      userId: user.userId,
      status: "complete" as const,
    };
    await db()
      .insert(messages)
      .values([
        {
          ...base,
          id: newMessageId(),
          role: "user",
          seq: last!.seq + 1,
          parts: [{ type: "text", text: "from elsewhere" }],
        },
        {
          ...base,
          id: newMessageId(),
          role: "assistant",
          seq: last!.seq + 2,
          parts: [{ type: "text", text: "answered elsewhere" }],
        },
      ]);
    const missed = predictions().stats.missed;
    const asked = chat.fake.streamedRequests().length;
    const after = await send(user, threadId, "next");
    // One request to the model: the read's turn; the guess's never left.
    expect(chat.fake.streamedRequests()).toHaveLength(asked + 1);
    expectOneAnswer(after.chunks);
    expect(conversationOf(chat.fake)).toEqual([
      "user: mine",
      "assistant: Echo: mine",
      "user: from elsewhere",
      "assistant: answered elsewhere",
      "user: next",
    ]);
    expect(predictions().stats.missed).toBe(missed + 1);
    expect((await chat.storedMessages(threadId)).map((m) => m.seq)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("gives the model the documents attached since, and guesses nothing for such a thread", {
    timeout: 60_000,
  }, async () => {
    const { user, threadId } = await known();
    await send(user, threadId, "before");
    const document = await insertDocument(chat.server, user, { name: "Attached later.txt" });
    await callFn(
      chat.server,
      api.threads.attachDocuments,
      { threadId, documentIds: [document.id] },
      user.token,
    );
    const { predicted, missed } = predictions().stats;
    const after = await send(user, threadId, "with a document");
    expectOneAnswer(after.chunks);
    expect(systemOf(chat.fake)).toContain("Attached later.txt");
    expect(predictions().stats.missed).toBe(missed + 1);
    // A thread with documents is never guessed (their names and summaries never go out on a guess).
    expect(predictions().peek(await sessionIdOf(chat.server, user), user.userId, threadId)).toBe(
      undefined,
    );
    await send(user, threadId, "again");
    expect(predictions().stats.predicted).toBe(predicted + 1);
  });

  it("leaves out a document whose share was taken back, whatever was remembered", {
    timeout: 60_000,
  }, async () => {
    const { user, threadId } = await known();
    const owner = await createTestUser(chat.server, { organizationId: user.organizationId });
    const document = await insertDocument(chat.server, owner, { name: "Shared then not.txt" });
    const grant = {
      entityType: "document" as const,
      entityId: document.id,
      grantee: { userId: user.userId },
    };
    await callFn(chat.server, api.shares.set, { ...grant, role: "viewer" }, owner.token);
    await callFn(
      chat.server,
      api.threads.attachDocuments,
      { threadId, documentIds: [document.id] },
      user.token,
    );
    await send(user, threadId, "with it");
    expect(systemOf(chat.fake)).toContain("Shared then not.txt");
    await callFn(chat.server, api.shares.remove, grant, owner.token);
    const after = await send(user, threadId, "without it");
    expectOneAnswer(after.chunks);
    expect(systemOf(chat.fake)).not.toContain("Shared then not.txt");
    expect(systemOf(chat.fake)).toContain("No document is attached");
  });

  it("never starts a guess with ATRIUM_CHAT_SPECULATION=off (the switch)", {
    timeout: 60_000,
  }, async () => {
    const { user, threadId } = await known();
    predictions().enabled = false;
    try {
      const { predicted } = predictions().stats;
      await send(user, threadId, "one");
      await send(user, threadId, "two");
      expect(predictions().stats.predicted).toBe(predicted);
      expect(conversationOf(chat.fake)).toEqual(["user: one", "assistant: Echo: one", "user: two"]);
    } finally {
      predictions().enabled = true;
    }
  });
});

/**
 * Two instances on one PostgreSQL database: a turn on B between two turns on A makes A's guess
 * stale; A's next turn must be built on B's answer, as its read shows.
 */
describe("a guess made stale by another instance (postgres)", () => {
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
    // Off by default on PostgreSQL (decision 032, "Chat by chat"): A's guess is the subject.
    turnPredictionsOf(a.running.services).enabled = true;
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await fake?.close();
  });

  it("answers on A from B's turn, not from what A remembers", { timeout: 60_000 }, async () => {
    const user = await createTestUser(a);
    const warm = newChatId();
    await callFn(a, api.threads.create, { threadId: warm }, user.token);
    await readAll(await postChat(a, user.token, chatBody(warm, "warm up")));
    const threadId = newChatId();
    await callFn(a, api.threads.create, { threadId }, user.token);
    await readAll(await postChat(a, user.token, chatBody(threadId, "on A")));
    await readAll(await postChat(b, user.token, chatBody(threadId, "on B")));
    const stats = turnPredictionsOf(a.running.services).stats;
    const missed = stats.missed;
    const chunks = await readAll(await postChat(a, user.token, chatBody(threadId, "on A again")));
    expectOneAnswer(chunks);
    expect(conversationOf(fake)).toEqual([
      "user: on A",
      "assistant: Echo: on A",
      "user: on B",
      "assistant: Echo: on B",
      "user: on A again",
    ]);
    expect(stats.missed).toBe(missed + 1);
  });
});
