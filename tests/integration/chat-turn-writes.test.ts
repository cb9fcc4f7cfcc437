import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { api } from "#shared/api/index.ts";
import type { ChatRequest } from "../../src/server/chat/chat-request.ts";
import { firstOutputsOf } from "../../src/server/chat/first-outputs.ts";
import {
  type PreparedTurn,
  prepareTurn,
  turnWritesOf,
} from "../../src/server/chat/prepare-turn.ts";
import {
  AssistantWriter,
  type FinalState,
  finalParts,
  finalSavesOf,
} from "../../src/server/chat/stream/assistant-writer.ts";
import { streamSaverOf } from "../../src/server/chat/stream/stream-saver.ts";
import { withPreparedStatements } from "../../src/server/db/database.ts";
import { messages, sessions, threads } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import {
  type Chunk,
  chatBody,
  newChatId,
  newMessageId,
  postChat,
  readAll,
} from "../support/chat-client.ts";
import { callFn } from "../support/call-fn.ts";
import { useChatServer } from "../support/chat-server.ts";
import { type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai.ts";
import {
  createTestUser,
  DB_KINDS,
  startTestServer,
  type TestServer,
  type TestUser,
} from "../support/server.ts";

const BUSY = "An answer is still being written in this chat. Wait for it, or stop it first.";

/**
 * A chat turn reads its thread without a lock and calls the model, then writes. The writes lock
 * the thread and refuse the turn when it changed in between (another tab or instance answered,
 * messages came, the thread went), leaving nothing of the refused turn behind.
 */
describe.each(DB_KINDS)("chat turn writes (%s)", (kind) => {
  const chat = useChatServer(kind);
  const db = () => chat.server.running.services.database.db;
  const { storedMessages } = chat;

  async function claimsOf(user: TestUser) {
    const [session] = await db()
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.userId));
    return { userId: user.userId, sessionId: session!.id };
  }

  /** A thread with one finished exchange. */
  async function answeredThread(user: TestUser): Promise<string> {
    const chatId = newChatId();
    await readAll(await postChat(chat.server, user.token, chatBody(chatId, "first question")));
    return chatId;
  }

  /**
   * prepareTurn as POST /api/chat runs it, with `meanwhile` run after the read, before the writes.
   * It runs as the writes' hold (start-chat.ts's burst hold), which the writes wait for however
   * long it takes: as the model's first output they would wait at most 25 ms, and on a busy
   * machine `meanwhile`'s own statement can take longer (the turn then wrote first).
   */
  async function turn(
    user: TestUser,
    threadId: string,
    meanwhile: (prepared: PreparedTurn) => Promise<void>,
  ) {
    let started: PreparedTurn | undefined;
    const request: ChatRequest = {
      threadId,
      trigger: "submit-message",
      messageId: null,
      modelId: null,
      userMessage: { id: newMessageId(), text: "second question" },
    };
    return prepareTurn({
      db: db(),
      claims: await claimsOf(user),
      request,
      models: chat.server.running.services.models,
      isStreaming: () => false,
      onReady: (turn) => {
        started = turn;
        return { firstOutput: Promise.resolve() };
      },
      holdWrites: () => meanwhile(started!),
    });
  }

  it("runs a turn's statements as named prepared statements on PGlite", async () => {
    const stats = chat.server.running.services.database.statementStats;
    if (kind !== "pglite") {
      expect(stats).toBeUndefined();
      return;
    }
    const user = await createTestUser(chat.server);
    await answeredThread(user);
    const before = { ...stats! };
    await answeredThread(user);
    // The read; the new thread; the messages with the thread; the final save. Nothing fell back.
    expect(stats!.executed - before.executed).toBeGreaterThanOrEqual(4);
    expect(stats!.fallbacks - before.fallbacks).toBe(0);
  });

  it("writes a new message in an idle thread in one statement, without a transaction", async () => {
    const user = await createTestUser(chat.server);
    const chatId = newChatId();
    // Titled by hand: no title is generated in the background while the statements are counted.
    await db().insert(threads).values({
      id: chatId,
      organizationId: user.organizationId,
      userId: user.userId,
      title: "Named by hand",
    });
    await readAll(await postChat(chat.server, user.token, chatBody(chatId, "first question")));
    // The first answer's final save, and on PostgreSQL its last frames' relay (every 50 ms), can
    // land after its stream ends: wait for the save, then for a quiet moment (no statement for
    // 200 ms), so neither is counted with the second turn's statements.
    await vi.waitFor(async () => {
      expect((await chat.threadRow(chatId))?.activeStreamId).toBeNull();
    });
    const claims = await claimsOf(user);
    const stats = chat.server.running.services.database.statementStats;
    if (stats) {
      await vi.waitFor(
        async () => {
          const seen = stats.statements;
          await new Promise((resolve) => setTimeout(resolve, 200));
          expect(stats.statements).toBe(seen);
        },
        { timeout: 10_000, interval: 0 },
      );
    }
    const before = { ...(stats ?? { statements: 0, executed: 0 }) };
    const prepared = await withPreparedStatements(() =>
      prepareTurn({
        db: db(),
        claims,
        request: {
          threadId: chatId,
          trigger: "submit-message",
          messageId: null,
          modelId: null,
          userMessage: { id: newMessageId(), text: "second question" },
        },
        models: chat.server.running.services.models,
        isStreaming: () => false,
        onReady: () => ({ firstOutput: Promise.resolve() }),
      }),
    );
    if (stats) {
      // The read, then the lock, the check and the writes together (BEGIN/COMMIT would count).
      expect(stats.statements - before.statements).toBe(2);
      expect(stats.executed - before.executed).toBe(2);
    }
    expect(prepared.thread).toMatchObject({
      id: chatId,
      title: "Named by hand",
      activeStreamId: prepared.streamId,
    });
    const row = await chat.threadRow(chatId);
    expect(row?.activeStreamId).toBe(prepared.streamId);
    expect(row?.lastMessageAt.getTime()).toBe(prepared.thread.lastMessageAt.getTime());
    expect((await storedMessages(chatId)).map((m) => [m.seq, m.role, m.status, m.parts])).toEqual([
      [0, "user", "complete", [{ type: "text", text: "first question" }]],
      [1, "assistant", "complete", expect.anything()],
      [2, "user", "complete", [{ type: "text", text: "second question" }]],
      [3, "assistant", "streaming", []],
    ]);
  });

  it("ends the answer cleanly when its writes fail after the model started, keeping nothing", async () => {
    const user = await createTestUser(chat.server);
    const chatId = await answeredThread(user);
    const before = await storedMessages(chatId);
    // A write that fails in the database (not a refusal): the turn's insert of this message.
    await db().execute(sql`
      create or replace function atrium_test_fail_insert() returns trigger language plpgsql as $$
      begin
        if new.parts -> 0 ->> 'text' = 'make the save fail' then
          raise exception 'the test refuses this row';
        end if;
        return new;
      end $$`);
    await db().execute(sql`
      create trigger atrium_test_fail_insert before insert on messages
      for each row execute function atrium_test_fail_insert()`);
    try {
      const response = await postChat(
        chat.server,
        user.token,
        chatBody(chatId, "make the save fail"),
      );
      // The model was already answering: the failure ends the stream, with the reason.
      expect(response.status).toBe(200);
      const chunks = await readAll(response);
      expect(chunks.find((c) => c.type === "error")?.errorText).toBe(
        "Your message could not be saved, so the answer was stopped. Send it again.",
      );
      expect(chunks.at(-1)?.type).toBe("finish");
    } finally {
      await db().execute(sql`drop trigger atrium_test_fail_insert on messages`);
      await db().execute(sql`drop function atrium_test_fail_insert()`);
    }
    // Nothing of the turn is stored, the thread is free, and the next message goes through.
    expect(await storedMessages(chatId)).toEqual(before);
    expect((await chat.threadRow(chatId))?.activeStreamId).toBeNull();
    const next = await readAll(
      await postChat(chat.server, user.token, chatBody(chatId, "second question")),
    );
    expect(next.find((c) => c.type === "error")).toBeUndefined();
    expect((await storedMessages(chatId)).map((m) => [m.role, m.status])).toEqual([
      ["user", "complete"],
      ["assistant", "complete"],
      ["user", "complete"],
      ["assistant", "complete"],
    ]);
  });

  it("stores the turn when nothing changed since it was read", async () => {
    const user = await createTestUser(chat.server);
    const chatId = await answeredThread(user);
    const prepared = await turn(user, chatId, async () => {});
    expect(prepared.thread.activeStreamId).toBe(prepared.streamId);
    expect((await storedMessages(chatId)).map((m) => [m.role, m.status])).toEqual([
      ["user", "complete"],
      ["assistant", "complete"],
      ["user", "complete"],
      ["assistant", "streaming"],
    ]);
  });

  it("refuses the turn when another answer started after the read, storing nothing", async () => {
    const user = await createTestUser(chat.server);
    const chatId = await answeredThread(user);
    const before = await storedMessages(chatId);
    await expect(
      turn(user, chatId, async () => {
        await db()
          .update(threads)
          .set({ activeStreamId: "another-instance" })
          .where(eq(threads.id, chatId));
      }),
    ).rejects.toThrow(BUSY);
    expect(await storedMessages(chatId)).toEqual(before);
  });

  it("refuses the turn when messages came after the read", async () => {
    const user = await createTestUser(chat.server);
    const chatId = await answeredThread(user);
    await expect(
      turn(user, chatId, async () => {
        await db()
          .insert(messages)
          .values({
            id: newId(),
            organizationId: user.organizationId,
            threadId: chatId,
            userId: user.userId,
            role: "user",
            parts: [{ type: "text", text: "from another tab" }],
            seq: 2,
          });
      }),
    ).rejects.toThrow(BUSY);
    expect((await storedMessages(chatId)).map((m) => m.parts)).toEqual([
      [{ type: "text", text: "first question" }],
      expect.anything(),
      [{ type: "text", text: "from another tab" }],
    ]);
  });

  it("refuses the turn when the thread was deleted after the read", async () => {
    const user = await createTestUser(chat.server);
    const chatId = await answeredThread(user);
    await expect(
      turn(user, chatId, async () => {
        await db().delete(threads).where(eq(threads.id, chatId));
      }),
    ).rejects.toThrow("Thread was not found.");
    expect(await storedMessages(chatId)).toEqual([]);
  });

  it("refuses the turn when the thread changed while its writes waited for other turns", async () => {
    const user = await createTestUser(chat.server);
    const chatId = await answeredThread(user);
    const before = await storedMessages(chatId);
    const request: ChatRequest = {
      threadId: chatId,
      trigger: "submit-message",
      messageId: null,
      modelId: null,
      userMessage: { id: newMessageId(), text: "second question" },
    };
    // Another tab's answer starts while this turn's writes are held (start-chat.ts's hold).
    await expect(
      prepareTurn({
        db: db(),
        claims: await claimsOf(user),
        request,
        models: chat.server.running.services.models,
        isStreaming: () => false,
        onReady: () => ({ firstOutput: Promise.resolve() }),
        holdWrites: async () => {
          await db()
            .update(threads)
            .set({ activeStreamId: "another-tab" })
            .where(eq(threads.id, chatId));
        },
      }),
    ).rejects.toThrow(BUSY);
    expect(await storedMessages(chatId)).toEqual(before);
  });

  it("writes turns that come together in one statement, each as it would be alone", {
    timeout: 60_000,
  }, async () => {
    const user = await createTestUser(chat.server);
    const claims = await claimsOf(user);
    const created = newChatId();
    await callFn(chat.server, api.threads.create, { threadId: created }, user.token);
    const [plain, withModel, busy, gone, crowded] = await Promise.all(
      Array.from({ length: 5 }, () => answeredThread(user)),
    );
    const cases = [
      { threadId: plain!, modelId: null },
      // A new thread's first message: the automatic title goes with the write.
      { threadId: created, modelId: null },
      { threadId: withModel!, modelId: "compatible:fake-model" },
      { threadId: busy!, modelId: null },
      { threadId: gone!, modelId: null },
      { threadId: crowded!, modelId: null },
    ];
    const before = { ...turnWritesOf(db()).stats };
    let arrived = 0;
    let release: () => void = () => undefined;
    const together = new Promise<void>((resolve) => {
      release = resolve;
    });
    const outcomes = await Promise.all(
      cases.map((c) =>
        prepareTurn({
          db: db(),
          claims,
          request: {
            threadId: c.threadId,
            trigger: "submit-message",
            messageId: null,
            modelId: c.modelId,
            userMessage: { id: newMessageId(), text: `question for ${c.threadId}` },
          },
          models: chat.server.running.services.models,
          isStreaming: () => false,
          onReady: () => ({ firstOutput: Promise.resolve() }),
          // Every turn planned, then the threads change, then all the writes at once.
          holdWrites: async () => {
            if (++arrived === cases.length) {
              await db()
                .update(threads)
                .set({ activeStreamId: "another-tab" })
                .where(eq(threads.id, busy!));
              await db().delete(threads).where(eq(threads.id, gone!));
              await db()
                .insert(messages)
                .values({
                  id: newId(),
                  organizationId: user.organizationId,
                  threadId: crowded!,
                  userId: user.userId,
                  role: "user",
                  parts: [{ type: "text", text: "from another tab" }],
                  seq: 2,
                });
              release();
            }
            await together;
          },
        }).then(
          (prepared) => ({ prepared, error: undefined }),
          (error: Error) => ({ prepared: undefined, error }),
        ),
      ),
    );
    const stats = turnWritesOf(db()).stats;
    expect(stats.batches - before.batches).toBe(1);
    expect(stats.batched - before.batched).toBe(cases.length - 1);
    expect(stats.failedBatches - before.failedBatches).toBe(0);
    expect(outcomes.map((o) => o.error?.message)).toEqual([
      undefined,
      undefined,
      undefined,
      BUSY,
      "Thread was not found.",
      BUSY,
    ]);
    for (const [i, c] of cases.entries()) {
      const prepared = outcomes[i]!.prepared;
      const stored = await storedMessages(c.threadId);
      const row = await chat.threadRow(c.threadId);
      if (!prepared) {
        expect(stored.filter((m) => m.status === "streaming")).toEqual([]);
        continue;
      }
      const seq = c.threadId === created ? 0 : 2;
      const model = "compatible:fake-model";
      expect(stored.slice(seq).map((m) => [m.seq, m.role, m.status, m.parts, m.modelId])).toEqual([
        [seq, "user", "complete", [{ type: "text", text: `question for ${c.threadId}` }], model],
        [seq + 1, "assistant", "streaming", [], model],
      ]);
      expect(stored[seq]!.id).toBe(prepared.userMessageId);
      expect(stored[seq + 1]!.id).toBe(prepared.assistantMessageId);
      expect(row).toMatchObject({
        activeStreamId: prepared.streamId,
        title: prepared.thread.title,
        modelId: prepared.thread.modelId,
      });
      expect(row!.lastMessageAt.getTime()).toBe(prepared.thread.lastMessageAt.getTime());
    }
    expect((await chat.threadRow(created))?.title).toBe(`question for ${created}`);
    expect((await chat.threadRow(withModel!))?.modelId).toBe("compatible:fake-model");
    expect((await chat.threadRow(plain!))?.modelId).toBeNull();
    expect((await chat.threadRow(busy!))?.activeStreamId).toBe("another-tab");
    expect((await storedMessages(crowded!)).map((m) => m.seq)).toEqual([0, 1, 2]);
  });

  it("writes a batch that fails one turn at a time, each with its own outcome", {
    timeout: 60_000,
  }, async () => {
    const user = await createTestUser(chat.server);
    const claims = await claimsOf(user);
    const threadIds = await Promise.all(Array.from({ length: 3 }, () => answeredThread(user)));
    // The last two send the same message id: the batch's insert fails as a whole.
    const shared = newMessageId();
    const ids = [newMessageId(), shared, shared];
    const before = { ...turnWritesOf(db()).stats };
    let arrived = 0;
    let release: () => void = () => undefined;
    const together = new Promise<void>((resolve) => {
      release = resolve;
    });
    const outcomes = await Promise.all(
      threadIds.map((threadId, i) =>
        prepareTurn({
          db: db(),
          claims,
          request: {
            threadId,
            trigger: "submit-message",
            messageId: null,
            modelId: null,
            userMessage: { id: ids[i]!, text: "same id" },
          },
          models: chat.server.running.services.models,
          isStreaming: () => false,
          onReady: () => ({ firstOutput: Promise.resolve() }),
          holdWrites: async () => {
            if (++arrived === threadIds.length) release();
            await together;
          },
        }).then(
          () => "written",
          () => "failed",
        ),
      ),
    );
    const stats = turnWritesOf(db()).stats;
    expect(stats.failedBatches - before.failedBatches).toBe(1);
    expect(outcomes[0]).toBe("written");
    expect([...outcomes.slice(1)].sort()).toEqual(["failed", "written"]);
    const streaming = await db()
      .select({ threadId: messages.threadId })
      .from(messages)
      .where(eq(messages.status, "streaming"));
    expect(
      streaming.filter((m) => threadIds.includes(m.threadId)).map((m) => m.threadId).length,
    ).toBe(2);
  });

  it("saves answers that end together in one statement, each as it would be alone", {
    timeout: 60_000,
  }, async () => {
    const user = await createTestUser(chat.server);
    const threadIds = await Promise.all(Array.from({ length: 4 }, () => answeredThread(user)));
    const turns = await Promise.all(
      threadIds.map((threadId) => turn(user, threadId, async () => {})),
    );
    // The third thread went on to another answer meanwhile: its stream is not cleared.
    await db()
      .update(threads)
      .set({ activeStreamId: "a-later-answer" })
      .where(eq(threads.id, threadIds[2]!));
    const saver = streamSaverOf(chat.server.running.services);
    const states: FinalState[] = [
      {
        parts: [{ type: "text", text: "Done.", state: "streaming" }],
        status: "complete",
        finishReason: "stop",
        usage: { inputTokens: 3, outputTokens: 2, totalTokens: 5 },
        error: null,
      },
      {
        parts: [{ type: "text", text: "Half", state: "streaming" }],
        status: "stopped",
        finishReason: null,
        usage: null,
        error: null,
      },
      {
        parts: [{ type: "tool-searchDocuments", toolCallId: "t1", state: "input-available" }],
        status: "error",
        finishReason: "error",
        usage: null,
        error: "The model failed.",
      },
      {
        parts: [{ type: "text", text: 'Quotes " and \\ and {braces}', state: "done" }],
        status: "complete",
        finishReason: "stop",
        usage: { inputTokens: 1, outputTokens: 1 },
        error: null,
      },
    ];
    const before = { ...finalSavesOf(db()).stats };
    await Promise.all(
      turns.map((prepared, i) =>
        new AssistantWriter({
          db: db(),
          saver,
          messageId: prepared.assistantMessageId,
          ready: Promise.resolve(true),
        }).finish(states[i]!, { id: prepared.thread.id, streamId: prepared.streamId }),
      ),
    );
    const stats = finalSavesOf(db()).stats;
    expect(stats.batches - before.batches).toBe(1);
    expect(stats.batched - before.batched).toBe(turns.length - 1);
    expect(stats.failedBatches).toBe(before.failedBatches);
    for (const [i, prepared] of turns.entries()) {
      const [answer] = await db()
        .select()
        .from(messages)
        .where(eq(messages.id, prepared.assistantMessageId));
      const state = states[i]!;
      expect(answer).toMatchObject({
        parts: finalParts(state.parts, state.status),
        status: state.status,
        finishReason: state.finishReason,
        usage: state.usage,
        error: state.error,
        isToolOnly: i === 2,
      });
      expect((await chat.threadRow(prepared.thread.id))?.activeStreamId).toBe(
        i === 2 ? "a-later-answer" : null,
      );
    }
  });

  it("refuses a new thread whose id somebody took after the read, leaving theirs alone", async () => {
    const user = await createTestUser(chat.server);
    const other = await createTestUser(chat.server);
    const chatId = newChatId();
    await expect(
      turn(user, chatId, async () => {
        await db().insert(threads).values({
          id: chatId,
          organizationId: other.organizationId,
          userId: other.userId,
          title: "Theirs",
        });
      }),
    ).rejects.toThrow(BUSY);
    const [row] = await db().select().from(threads).where(eq(threads.id, chatId));
    expect(row).toMatchObject({ userId: other.userId, title: "Theirs" });
    expect(await storedMessages(chatId)).toEqual([]);
  });

  it("checks the session in the turn's read: a revoked one gets 401 and nothing is stored", async () => {
    const user = await createTestUser(chat.server);
    const chatId = await answeredThread(user);
    await db()
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, user.userId));
    const response = await postChat(chat.server, user.token, chatBody(chatId, "after sign-out"));
    expect(response.status).toBe(401);
    expect((await storedMessages(chatId)).length).toBe(2);
    // A malformed request from a revoked session hears about the session first.
    const malformed = await postChat(chat.server, user.token, { id: chatId, messages: [] });
    expect(malformed.status).toBe(401);
  });
});

/**
 * Under a burst, a turn's writes wait (bounded) for the other turns of the instance still before
 * their first output (decision 032, "Seventh round: bursts"): the answer streams meanwhile, and
 * its end and saves follow the writes as before.
 */
describe.each(DB_KINDS)("chat turn writes under a burst (%s)", (kind) => {
  const chat = useChatServer(kind);
  const services = () => chat.server.running.services;

  it("holds a turn's writes while another turn waits for its first output", {
    timeout: 30_000,
  }, async () => {
    const user = await createTestUser(chat.server);
    const outputs = firstOutputsOf(services());
    const hold = outputs.holdMs;
    outputs.holdMs = 10_000;
    try {
      // Another turn of this instance, still waiting for its model's first output.
      const other = outputs.begin();
      const chatId = newChatId();
      const text = `quick one ${chatId}`;
      const response = await postChat(chat.server, user.token, chatBody(chatId, text));
      const reading = readAll(response);
      let ended = false;
      void reading.finally(() => {
        ended = true;
      });
      // The model answers in full, but the turn's writes (and so its end) wait for the other turn.
      await vi.waitFor(
        () => {
          expect(chat.fake.streamedRequests().some((r) => r.lastUserText === text)).toBe(true);
          expect(chat.fake.openStreams).toBe(0);
        },
        { timeout: 10_000 },
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(ended).toBe(false);
      expect(await chat.storedMessages(chatId)).toEqual([]);
      other.done();
      const chunks = await reading;
      expect(chunks.at(-1)).toMatchObject({ type: "finish" });
      expect((await chat.storedMessages(chatId)).map((m) => [m.role, m.status])).toEqual([
        ["user", "complete"],
        ["assistant", "complete"],
      ]);
    } finally {
      outputs.holdMs = hold;
    }
  });

  it("holds them at most holdMs, and not at all for a lone turn", { timeout: 30_000 }, async () => {
    const user = await createTestUser(chat.server);
    const outputs = firstOutputsOf(services());
    const hold = outputs.holdMs;
    outputs.holdMs = 400;
    const other = outputs.begin();
    try {
      const started = performance.now();
      const chunks = await readAll(
        await postChat(chat.server, user.token, chatBody(newChatId(), "quick one")),
      );
      expect(chunks.at(-1)).toMatchObject({ type: "finish" });
      expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    } finally {
      other.done();
      outputs.holdMs = hold;
    }
    expect(outputs.pending).toBe(0);
    const chatId = newChatId();
    const chunks = await readAll(
      await postChat(chat.server, user.token, chatBody(chatId, "alone")),
    );
    expect(chunks.at(-1)).toMatchObject({ type: "finish" });
    expect(outputs.pending).toBe(0);
  });
});

/**
 * Two instances answering the same thread at the same moment: both read it idle, one commits
 * first, and the other is refused with the same clear message (409 before its answer starts, or
 * as the answer's error when the race is lost after it started). One answer is stored.
 */
describe("one answer at a time across instances", () => {
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
    await Promise.all([a.close(), b.close()]);
    await fake.close();
  });

  it("lets one of two simultaneous turns write, and refuses the other clearly", async () => {
    const user = await createTestUser(a);
    const chatId = newChatId();
    await readAll(await postChat(a, user.token, chatBody(chatId, "first question")));

    const [onA, onB] = await Promise.all([
      postChat(a, user.token, chatBody(chatId, "[ttft:300] from A")),
      postChat(b, user.token, chatBody(chatId, "[ttft:300] from B")),
    ]);
    const outcome = async (response: Response) => {
      if (response.status !== 200) {
        return {
          refused: true,
          message: ((await response.json()) as { errorMessage: string }).errorMessage,
        };
      }
      const chunks: Chunk[] = await readAll(response);
      const error = chunks.find((c) => c.type === "error");
      return error
        ? { refused: true, message: String(error.errorText) }
        : { refused: false, message: "" };
    };
    const results = await Promise.all([outcome(onA), outcome(onB)]);
    expect(results.filter((r) => !r.refused)).toHaveLength(1);
    expect(results.find((r) => r.refused)?.message).toBe(BUSY);

    const db = a.running.services.database.db;
    const stored = await db
      .select()
      .from(messages)
      .where(eq(messages.threadId, chatId))
      .orderBy(asc(messages.seq));
    const winner = results[0]!.refused ? "from B" : "from A";
    expect(stored.map((m) => [m.role, m.status])).toEqual([
      ["user", "complete"],
      ["assistant", "complete"],
      ["user", "complete"],
      ["assistant", "complete"],
    ]);
    expect(stored[2]!.parts).toEqual([{ type: "text", text: `[ttft:300] ${winner}` }]);
    const [thread] = await db.select().from(threads).where(eq(threads.id, chatId));
    expect(thread!.activeStreamId).toBeNull();
  });
});
