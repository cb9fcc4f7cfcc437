import { and, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { batchableTurn, readTurnState, turnReadsOf } from "../../src/server/chat/thread-state.ts";
import { sameValue, turnPredictionsOf } from "../../src/server/chat/turn-predictions.ts";
import { documents, messages, sessions, users } from "../../src/server/db/schema.ts";
import { callFn } from "../support/call-fn.ts";
import { chatBody, newChatId, newMessageId, postChat, readAll } from "../support/chat-client.ts";
import { useChatServer } from "../support/chat-server.ts";
import { insertDocument } from "../support/dossier-fixtures.ts";
import { createTestUser, DB_KINDS, type TestUser } from "../support/server.ts";
import { readTurnStateReference } from "../support/turn-state-reference.ts";

/**
 * The turn's read (decision 032, fifth round) reads its columns by name, without drizzle's row
 * mapping or zod on the JSON its statement builds: it must answer exactly as the previous read
 * (drizzle's select builder, zod on every JSON column; tests/support/turn-state-reference.ts)
 * for every kind of thread and caller, and refuse the same sessions with the same errors.
 */
describe.each(DB_KINDS)("the chat turn's read (%s)", (kind) => {
  const chat = useChatServer(kind);
  const db = () => chat.server.running.services.database.db;

  async function claimsOf(user: TestUser) {
    const [session] = await db()
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.userId));
    return { userId: user.userId, sessionId: session!.id };
  }

  async function same(claims: { userId: string; sessionId: string }, threadId: string, id: string) {
    const ours = await readTurnState(db(), claims, threadId, id);
    const reference = await readTurnStateReference(db(), claims, threadId, id);
    // Equal values (key order aside: zod's looseObject put a part's `type` first, the read now
    // gives a part's keys in jsonb's order, as the database stores them).
    expect(ours).toStrictEqual(reference);
    return ours;
  }

  it("answers as the previous read: history, attachments, the named message, others' threads", {
    timeout: 60_000,
  }, async () => {
    const owner = await createTestUser(chat.server);
    const colleague = await createTestUser(chat.server, {
      organizationId: owner.organizationId,
    });
    const threadId = newChatId();
    const firstMessage = newMessageId();
    await readAll(
      await postChat(
        chat.server,
        owner.token,
        chatBody(threadId, "first question", { messageId: firstMessage }),
      ),
    );
    await readAll(await postChat(chat.server, owner.token, chatBody(threadId, "second one")));
    const long = await insertDocument(chat.server, owner, { name: "Long.txt" });
    const short = await insertDocument(chat.server, owner, { name: "Short.txt" });
    await db()
      .update(documents)
      .set({ summary: `${"A summary sentence. ".repeat(40)}end` })
      .where(eq(documents.id, long.id));
    await callFn(
      chat.server,
      api.threads.attachDocuments,
      { threadId, documentIds: [long.id, short.id] },
      owner.token,
    );
    const claims = await claimsOf(owner);

    const read = await same(claims, threadId, newMessageId());
    expect(read.state?.history.map((m) => m.role)).toEqual([
      "assistant",
      "user",
      "assistant",
      "user",
    ]);
    expect(read.state?.attached.map((d) => d.name).sort()).toEqual(["Long.txt", "Short.txt"]);
    expect(read.state?.attached.find((d) => d.name === "Long.txt")?.summary).toMatch(/…$/);
    // The message the request names (an edit, a regeneration).
    const named = await same(claims, threadId, firstMessage);
    expect(named.existing).toMatchObject({ threadId, role: "user", seq: 0 });
    // A new thread id; and an assistant message named from another thread.
    const [assistant] = await db()
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.threadId, threadId), ne(messages.role, "user")));
    expect((await same(claims, newChatId(), assistant!.id)).state).toBeUndefined();
    // Somebody else's thread: taken, not theirs.
    const other = await same(await claimsOf(colleague), threadId, newMessageId());
    expect(other).toMatchObject({ state: undefined, idTaken: true });
  });

  it("refuses the same sessions with the same errors", { timeout: 60_000 }, async () => {
    const revoked = await createTestUser(chat.server);
    const disabled = await createTestUser(chat.server);
    const threadId = newChatId();
    await readAll(await postChat(chat.server, revoked.token, chatBody(threadId, "hello")));
    const revokedClaims = await claimsOf(revoked);
    const disabledClaims = await claimsOf(disabled);
    await db()
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, revokedClaims.sessionId));
    await db().update(users).set({ disabled: true }).where(eq(users.id, disabled.userId));
    const cases = [
      [revokedClaims, "session_revoked"],
      [disabledClaims, "user_disabled"],
      [{ userId: disabled.userId, sessionId: revokedClaims.sessionId }, "session_not_found"],
    ] as const;
    for (const [claims, reason] of cases) {
      const ours = await readTurnState(db(), claims, threadId, newMessageId()).catch((e) => e);
      const reference = await readTurnStateReference(db(), claims, threadId, newMessageId()).catch(
        (e) => e,
      );
      expect(ours).toBeInstanceOf(Error);
      expect(ours).toStrictEqual(reference);
      expect(JSON.stringify(ours)).toContain(reason);
    }
  });
});

/**
 * Under a burst the turn's reads go together (decision 032, "Seventh round: bursts"): a read that
 * finds another in flight waits and is read with the others that came meanwhile, in one statement
 * (thread-state.ts, turnReadsOf). Each must still answer exactly as the previous read would alone,
 * whatever the others in its statement are; inputs that could fail the whole statement are read
 * alone.
 */
describe.each(DB_KINDS)("the chat turn's reads in a burst (%s)", (kind) => {
  const chat = useChatServer(kind);
  const db = () => chat.server.running.services.database.db;

  async function claimsOf(user: TestUser) {
    const [session] = await db()
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.userId));
    return { userId: user.userId, sessionId: session!.id };
  }

  it("answers every read of a batch as the previous read does alone", {
    timeout: 60_000,
  }, async () => {
    const owner = await createTestUser(chat.server);
    const colleague = await createTestUser(chat.server, {
      organizationId: owner.organizationId,
    });
    const revoked = await createTestUser(chat.server);
    const disabled = await createTestUser(chat.server);
    const threadId = newChatId();
    const firstMessage = newMessageId();
    await readAll(
      await postChat(
        chat.server,
        owner.token,
        chatBody(threadId, "first question", { messageId: firstMessage }),
      ),
    );
    await readAll(await postChat(chat.server, owner.token, chatBody(threadId, "second one")));
    const doc = await insertDocument(chat.server, owner, { name: "Attached.txt" });
    await callFn(
      chat.server,
      api.threads.attachDocuments,
      { threadId, documentIds: [doc.id] },
      owner.token,
    );
    const revokedThread = newChatId();
    await readAll(await postChat(chat.server, revoked.token, chatBody(revokedThread, "hello")));
    const [assistant] = await db()
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.threadId, threadId), ne(messages.role, "user")));
    const ownerClaims = await claimsOf(owner);
    const colleagueClaims = await claimsOf(colleague);
    const revokedClaims = await claimsOf(revoked);
    const disabledClaims = await claimsOf(disabled);
    await db()
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, revokedClaims.sessionId));
    await db().update(users).set({ disabled: true }).where(eq(users.id, disabled.userId));

    const newMessage = newMessageId();
    const missingThread = newChatId();
    const cases: Array<[{ userId: string; sessionId: string }, string, string]> = [
      [ownerClaims, threadId, newMessage],
      // The same inputs twice in one statement.
      [ownerClaims, threadId, newMessage],
      [ownerClaims, threadId, firstMessage],
      [ownerClaims, missingThread, assistant!.id],
      [ownerClaims, missingThread, newMessageId()],
      [colleagueClaims, threadId, newMessageId()],
      [colleagueClaims, revokedThread, firstMessage],
      [revokedClaims, revokedThread, newMessageId()],
      [disabledClaims, threadId, newMessageId()],
      [{ userId: disabled.userId, sessionId: revokedClaims.sessionId }, threadId, newMessageId()],
      [{ userId: owner.userId, sessionId: colleagueClaims.sessionId }, threadId, newMessageId()],
      // Ids of the right type that match nothing.
      [{ userId: crypto.randomUUID(), sessionId: crypto.randomUUID() }, threadId, newMessageId()],
      // Ids no chat request carries (read alone, never in the batch).
      [ownerClaims, 'it\'s {a,b} \\ "thread"', newMessageId()],
      [ownerClaims, threadId, 'a message, {1} "2"'],
      [ownerClaims, threadId, firstMessage.toUpperCase()],
    ];
    const reads = turnReadsOf(db());
    const before = { ...reads.stats };
    // All sent in one tick: the first goes alone, the others wait for it and go together.
    const ours = await Promise.all(
      cases.map(([claims, thread, message]) =>
        readTurnState(db(), claims, thread, message).catch((error: unknown) => error),
      ),
    );
    const batchable = cases.filter(([claims, thread, message]) =>
      batchableTurn({ ...claims, threadId: thread, messageId: message }),
    ).length;
    expect(batchable).toBe(cases.length - 2);
    expect(reads.stats.batches - before.batches).toBe(1);
    expect(reads.stats.batched - before.batched).toBe(batchable - 1);
    expect(reads.stats.failedBatches).toBe(before.failedBatches);
    for (const [i, [claims, thread, message]] of cases.entries()) {
      const reference = await readTurnStateReference(db(), claims, thread, message).catch(
        (error: unknown) => error,
      );
      expect(ours[i], `case ${i}`).toStrictEqual(reference);
    }
    expect(ours[0]).toMatchObject({ state: { attached: [{ name: "Attached.txt" }] } });
    expect(ours[2]).toMatchObject({ existing: { threadId, role: "user", seq: 0 } });
    expect(ours[5]).toMatchObject({ state: undefined, idTaken: true });
    expect(JSON.stringify(ours[7])).toContain("session_revoked");
    expect(JSON.stringify(ours[8])).toContain("user_disabled");
    expect(JSON.stringify(ours[9])).toContain("session_not_found");
  });

  it("reads a session id that is not a uuid alone: its error stays its own", {
    timeout: 60_000,
  }, async () => {
    const owner = await createTestUser(chat.server);
    const claims = await claimsOf(owner);
    const threadId = newChatId();
    const reads = turnReadsOf(db());
    const before = { ...reads.stats };
    const [first, bad, third] = await Promise.all([
      readTurnState(db(), claims, threadId, newMessageId()),
      readTurnState(db(), { ...claims, sessionId: "not-a-uuid" }, threadId, newMessageId()).catch(
        (error: unknown) => error,
      ),
      readTurnState(db(), claims, threadId, newMessageId()),
    ]);
    expect(bad).toBeInstanceOf(Error);
    expect(
      await readTurnStateReference(
        db(),
        { ...claims, sessionId: "not-a-uuid" },
        threadId,
        newMessageId(),
      ).catch((error: unknown) => error),
    ).toBeInstanceOf(Error);
    expect(first).toMatchObject({ state: undefined, idTaken: false });
    expect(third).toStrictEqual(first);
    expect(reads.stats.failedBatches).toBe(before.failedBatches);
  });

  it("answers a burst of chats through the server, each in its own thread", {
    timeout: 60_000,
  }, async () => {
    const owner = await createTestUser(chat.server);
    const people = [
      owner,
      ...(await Promise.all(
        Array.from({ length: 11 }, () =>
          createTestUser(chat.server, { organizationId: owner.organizationId }),
        ),
      )),
    ];
    const reads = turnReadsOf(db());
    const before = { ...reads.stats };
    const threadsOf = people.map(() => newChatId());
    const answers = await Promise.all(
      people.map(async (person, i) =>
        readAll(await postChat(chat.server, person.token, chatBody(threadsOf[i]!, `hello ${i}`))),
      ),
    );
    for (const chunks of answers) expect(chunks.at(-1)).toMatchObject({ type: "finish" });
    expect(reads.stats.calls - before.calls).toBe(people.length);
    for (const [i, id] of threadsOf.entries()) {
      const stored = await chat.storedMessages(id);
      expect(stored.map((m) => [m.role, m.status])).toEqual([
        ["user", "complete"],
        ["assistant", "complete"],
      ]);
      expect(stored[0]!.userId).toBe(people[i]!.userId);
    }
  });
});

/**
 * The guess a turn starts the model from (decision 032, sixth round; turn-predictions.ts) is the
 * instance's own account of the thread after its last answer: it must equal what the turn's read
 * then returns, for answers with reasoning and tool calls, or every later turn would be a miss.
 */
describe.each(DB_KINDS)("the guess of the next turn's read (%s)", (kind) => {
  const chat = useChatServer(kind);
  const services = () => chat.server.running.services;
  // Off by default on PostgreSQL (decision 032, "Chat by chat"): the guess is the subject.
  beforeAll(() => {
    turnPredictionsOf(services()).enabled = true;
  });

  it("equals the read after answers with text, reasoning and a tool call", {
    timeout: 60_000,
  }, async () => {
    const owner = await createTestUser(chat.server);
    // A first chat elsewhere: the session's caller and model choices are then known.
    const first = newChatId();
    await callFn(chat.server, api.threads.create, { threadId: first }, owner.token);
    await readAll(await postChat(chat.server, owner.token, chatBody(first, "warm up")));
    const threadId = newChatId();
    await callFn(chat.server, api.threads.create, { threadId }, owner.token);
    const [session] = await services()
      .database.db.select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, owner.userId));
    const claims = { userId: owner.userId, sessionId: session!.id };
    const predictions = turnPredictionsOf(services());

    const compare = async () => {
      const guess = predictions.peek(claims.sessionId, claims.userId, threadId);
      const read = await readTurnState(services().database.db, claims, threadId, newMessageId());
      expect(guess).toBeDefined();
      expect(guess!.caller).toStrictEqual(read.caller);
      const { thread, ...rest } = guess!.state;
      const { thread: readThread, ...readRest } = read.state!;
      // Values as the read gives them (a part's keys in jsonb's order, not the stream's).
      expect(sameValue(rest, readRest)).toBe(true);
      expect(rest.history).toEqual(readRest.history);
      for (const key of ["id", "organizationId", "userId", "modelId", "activeStreamId"] as const) {
        expect(thread[key]).toEqual(readThread[key]);
      }
    };
    await compare();
    for (const text of ["[think] why", "[list] which documents?", "plain question"]) {
      const chunks = await readAll(
        await postChat(chat.server, owner.token, chatBody(threadId, text)),
      );
      expect(chunks.at(-1)).toMatchObject({ type: "finish" });
      await compare();
    }
    expect(
      (await readTurnState(services().database.db, claims, threadId, newMessageId())).state
        ?.history,
    ).toHaveLength(6);
  });
});
