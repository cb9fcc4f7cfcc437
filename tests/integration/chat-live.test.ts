import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { documents, messages, threads } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { callFn } from "../support/call-fn.ts";
import {
  createTestUser,
  DB_KINDS,
  startTestServer,
  type TestServer,
  type TestUser,
  unique,
} from "../support/server.ts";
import { messageValue, socketCallFn, subscribeFn } from "../support/sync-fn.ts";
import { TestSocket } from "../support/sync-socket.ts";

/**
 * The chat's live queries over /api/sync: what one connection changes,
 * another connection's subscriptions show, and only the owner's. Messages
 * are written straight to the database, as the streaming side does.
 */

const MODEL_ENV = {
  OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:9/v1",
  OPENAI_COMPATIBLE_MODELS: "live-model,spare-model",
};

const firstPage = (threadId: string) => ({
  threadId,
  paginationOpts: { numItems: 100, cursor: null },
});

describe.each(DB_KINDS)("chat live queries (%s)", (kind) => {
  let server: TestServer;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind, MODEL_ENV);
  });
  const spies: Array<{ mockRestore(): void }> = [];
  afterEach(() => {
    for (const spy of spies.splice(0)) spy.mockRestore();
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await server.close();
  });

  const db = () => server.running.services.database.db;

  async function signedInSocket(user: TestUser): Promise<TestSocket> {
    const socket = await TestSocket.open(server.url);
    sockets.push(socket);
    expect((await socket.authenticate(user.token)).type).toBe("authenticated");
    return socket;
  }

  async function insertMessage(
    user: TestUser,
    threadId: string,
    seq: number,
    text: string,
  ): Promise<string> {
    const id = `msg-${newId()}`;
    await db()
      .insert(messages)
      .values({
        id,
        organizationId: user.organizationId,
        threadId,
        userId: user.userId,
        role: seq % 2 === 0 ? "user" : "assistant",
        parts: [{ type: "text", text }],
        seq,
        status: seq % 2 === 0 ? "complete" : "streaming",
      });
    return id;
  }

  /** A document of `owner`'s (private to them, decision 023). */
  async function insertDocument(owner: TestUser, name: string): Promise<string> {
    const id = newId();
    await db()
      .insert(documents)
      .values({
        id,
        organizationId: owner.organizationId,
        ownerId: owner.userId,
        storageId: unique("blob"),
        name,
        fileType: "txt",
        mimeType: "text/plain",
        size: 3,
      });
    return id;
  }

  it("shows threads created, renamed, streaming and removed from another connection", async () => {
    const user = await createTestUser(server);
    const watcher = await signedInSocket(user);
    const actor = await signedInSocket(user);
    expect(
      messageValue(api.threads.list, await subscribeFn(watcher, "threads", api.threads.list, {})),
    ).toEqual([]);

    let pushed = watcher.nextResult("threads");
    const threadId = `live_${newId()}`;
    await callFn(server, api.threads.create, { threadId, title: "Live one" }, user.token);
    expect(messageValue(api.threads.list, await pushed)).toEqual([
      expect.objectContaining({ _id: threadId, title: "Live one", isStreaming: false }),
    ]);

    pushed = watcher.nextResult("threads");
    const renamed = await socketCallFn(actor, api.threads.rename, { threadId, title: "Renamed" });
    expect(renamed.status).toBe("success");
    expect(messageValue(api.threads.list, await pushed)).toEqual([
      expect.objectContaining({ title: "Renamed" }),
    ]);

    // The streaming side marks the thread while an answer is in flight.
    pushed = watcher.nextResult("threads");
    await db().update(threads).set({ activeStreamId: "stream-1" }).where(eq(threads.id, threadId));
    expect(messageValue(api.threads.list, await pushed)).toEqual([
      expect.objectContaining({ isStreaming: true }),
    ]);

    pushed = watcher.nextResult("threads");
    const doc = await insertDocument(user, "Attached.txt");
    await socketCallFn(actor, api.threads.attachDocuments, { threadId, documentIds: [doc] });
    expect(messageValue(api.threads.list, await pushed)).toEqual([
      expect.objectContaining({ documentCount: 1 }),
    ]);

    pushed = watcher.nextResult("threads");
    expect((await socketCallFn(actor, api.threads.remove, { threadId })).status).toBe("success");
    expect(messageValue(api.threads.list, await pushed)).toEqual([]);
  });

  it("shows new and streaming messages of a thread, from before the thread exists", async () => {
    const user = await createTestUser(server);
    const socket = await signedInSocket(user);
    const threadId = `fresh_${newId()}`;
    const messagesOf = api.messages.getThreadMessagesOptional;
    expect(
      messageValue(messagesOf, await subscribeFn(socket, "msgs", messagesOf, firstPage(threadId))),
    ).toEqual({ page: [], isDone: true, continueCursor: "" });

    await callFn(server, api.threads.create, { threadId }, user.token);
    let pushed = socket.nextResult("msgs");
    await insertMessage(user, threadId, 0, "Hello");
    expect(messageValue(messagesOf, await pushed)).toMatchObject({
      page: [{ role: "user", content: "Hello" }],
      isDone: true,
    });

    pushed = socket.nextResult("msgs");
    const answerId = await insertMessage(user, threadId, 1, "Hi");
    expect(messageValue(messagesOf, await pushed)).toMatchObject({
      page: [{ content: "Hello" }, { id: answerId, content: "Hi", status: "streaming" }],
    });

    pushed = socket.nextResult("msgs");
    await db()
      .update(messages)
      .set({
        parts: [{ type: "text", text: "Hi there." }],
        status: "complete",
        finishReason: "stop",
      })
      .where(eq(messages.id, answerId));
    expect(messageValue(messagesOf, await pushed)).toMatchObject({
      page: [
        { content: "Hello" },
        { content: "Hi there.", status: "complete", metadata: { finishReason: "stop" } },
      ],
    });

    pushed = socket.nextResult("msgs");
    await callFn(server, api.threads.remove, { threadId }, user.token);
    expect(messageValue(messagesOf, await pushed)).toEqual({
      page: [],
      isDone: true,
      continueCursor: "",
    });
  });

  it("shows a thread's documents attached, renamed in the dossier, deleted and detached", async () => {
    const user = await createTestUser(server);
    const socket = await signedInSocket(user);
    const thread = await callFn(server, api.threads.create, {}, user.token);
    const docs = await Promise.all([
      insertDocument(user, "One.txt"),
      insertDocument(user, "Two.txt"),
    ]);
    const args = { threadId: thread._id };
    const documentsOf = api.threads.getThreadDocumentsOptional;
    expect(messageValue(documentsOf, await subscribeFn(socket, "docs", documentsOf, args))).toEqual(
      [],
    );

    let pushed = socket.nextResult("docs");
    await callFn(server, api.threads.attachDocuments, { ...args, documentIds: docs }, user.token);
    expect(messageValue(documentsOf, await pushed)).toEqual([
      expect.objectContaining({ name: "One.txt" }),
      expect.objectContaining({ name: "Two.txt" }),
    ]);

    pushed = socket.nextResult("docs");
    await db().update(documents).set({ name: "Uno.txt" }).where(eq(documents.id, docs[0]!));
    expect(messageValue(documentsOf, await pushed)).toEqual([
      expect.objectContaining({ name: "Uno.txt" }),
      expect.objectContaining({ name: "Two.txt" }),
    ]);

    pushed = socket.nextResult("docs");
    await db().delete(documents).where(eq(documents.id, docs[0]!));
    expect(messageValue(documentsOf, await pushed)).toEqual([
      expect.objectContaining({ name: "Two.txt" }),
    ]);

    pushed = socket.nextResult("docs");
    await callFn(server, api.threads.detachDocument, { ...args, documentId: docs[1]! }, user.token);
    expect(messageValue(documentsOf, await pushed)).toEqual([]);
  });

  it("shows the user's model choice and the organization default as they change", async () => {
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const member = await createTestUser(server, { organizationId: admin.organizationId });
    const socket = await signedInSocket(member);
    const first = messageValue(
      api.models.list,
      await subscribeFn(socket, "models", api.models.list, {}),
    );
    const [live, spare] = first.models.map((m) => m.id);
    expect(first).toMatchObject({ defaultModelId: live, userModelId: null });

    let pushed = socket.nextResult("models");
    await callFn(server, api.models.setOrganizationDefault, { modelId: spare! }, admin.token);
    expect(messageValue(api.models.list, await pushed)).toMatchObject({
      defaultModelId: spare,
      organizationModelId: spare,
    });

    pushed = socket.nextResult("models");
    expect((await socketCallFn(socket, api.models.choose, { modelId: live! })).status).toBe(
      "success",
    );
    expect(messageValue(api.models.list, await pushed)).toMatchObject({
      defaultModelId: live,
      userModelId: live,
    });
  });

  it("never shows a thread to anybody else, and re-runs their queries only for its row", async () => {
    const owner = await createTestUser(server);
    const colleague = await createTestUser(server, { organizationId: owner.organizationId });
    const ownerSocket = await signedInSocket(owner);
    const colleagueSocket = await signedInSocket(colleague);
    const own = await callFn(server, api.threads.create, { title: "Colleague's" }, colleague.token);
    const threadId = `private_${newId()}`;
    await callFn(server, api.threads.create, { threadId, title: "Owner's" }, owner.token);
    const spare = messageValue(
      api.models.list,
      await subscribeFn(ownerSocket, "models", api.models.list, {}),
    );

    const messagesOf = api.messages.getThreadMessagesOptional;
    await subscribeFn(colleagueSocket, "list", api.threads.list, {});
    await subscribeFn(colleagueSocket, "own", messagesOf, firstPage(own._id));
    await subscribeFn(colleagueSocket, "peek", messagesOf, firstPage(threadId));
    await subscribeFn(colleagueSocket, "peekDocs", api.threads.getThreadDocumentsOptional, {
      threadId,
    });
    await subscribeFn(ownerSocket, "msgs", messagesOf, firstPage(threadId));
    const colleagueSeen = colleagueSocket.messages.length;

    // Count the colleague's live-query runs.
    let runs = 0;
    const stopCounting = server.running.hub.onRun((_, userId) => {
      if (userId === colleague.userId) runs++;
    });
    spies.push({ mockRestore: () => void stopCounting() });
    const colleagueRuns = () => runs;
    // A socket mutation answers once every live query its changes touched has re-run;
    // changes are applied in order, so it also waits for the changes before it.
    let barrierModel = 0;
    const settle = () =>
      socketCallFn(ownerSocket, api.models.choose, {
        modelId: spare.models[barrierModel++ % spare.models.length]!.id,
      });

    const pushed = ownerSocket.nextResult("msgs");
    await insertMessage(owner, threadId, 0, "Confidential figures");
    expect(messageValue(messagesOf, await pushed)).toMatchObject({
      page: [{ content: "Confidential figures" }],
    });
    await settle();
    // A message re-runs only the owner's subscriptions to that thread.
    expect(colleagueRuns()).toBe(0);

    await socketCallFn(ownerSocket, api.threads.rename, { threadId, title: "Secret plans" });
    // The thread's row changed: the colleague's two looks at it re-ran (to the same empty answers).
    expect(colleagueRuns()).toBe(2);

    const doc = await insertDocument(owner, "Private.txt");
    await socketCallFn(ownerSocket, api.threads.attachDocuments, { threadId, documentIds: [doc] });
    await insertMessage(owner, threadId, 1, "More");
    await settle();
    expect(colleagueRuns()).toBe(2);

    expect(colleagueSocket.messages.slice(colleagueSeen)).toEqual([]);
  });
});
