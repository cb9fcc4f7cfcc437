import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArgsOf, FunctionContract, ResultOf } from "#shared/api/define.ts";
import { api } from "#shared/api/index.ts";
import type { ModelInfo } from "#shared/schemas/chat.ts";
import {
  documents,
  messages,
  organizationSettings,
  threadDocuments,
  threads,
  userPreferences,
} from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { callFn, callFnError, expectError, type FnError } from "../support/call-fn.ts";
import {
  createTestUser,
  DB_KINDS,
  startTestServer,
  type TestServer,
  type TestUser,
  unique,
} from "../support/server.ts";

/**
 * The chat's thread, message and model functions over HTTP, on both
 * databases: what each returns, and that nobody reaches another user's
 * thread. Messages are written straight to the database, as the streaming
 * side (POST /api/chat) does.
 */

/** Models offered through an OpenAI-compatible server (nothing listens: no call is made). */
const MODEL_ENV = {
  OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:9/v1",
  OPENAI_COMPATIBLE_MODELS: "test-model,other-model,third-model",
};

type Page = ResultOf<typeof api.messages.getThreadMessagesOptional>;

describe.each(DB_KINDS)("chat functions (%s)", (kind) => {
  let server: TestServer;
  let offered: ModelInfo[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind, MODEL_ENV);
    const probe = await createTestUser(server);
    offered = (await callFn(server, api.models.list, {}, probe.token)).models;
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.running.services.database.db;

  const createThread = (user: TestUser, args: ArgsOf<typeof api.threads.create> = {}) =>
    callFn(server, api.threads.create, args, user.token);

  async function insertDocument(organizationId: string, name = unique("doc")): Promise<string> {
    const id = newId();
    await db()
      .insert(documents)
      .values({
        id,
        organizationId,
        storageId: unique("blob"),
        name,
        fileType: "txt",
        mimeType: "text/plain",
        size: 12,
        processingStatus: "completed",
      });
    return id;
  }

  async function insertMessages(
    thread: string,
    user: TestUser,
    count: number,
    options: { toolEvery?: number; firstSeq?: number } = {},
  ): Promise<void> {
    const first = options.firstSeq ?? 0;
    const rows = Array.from({ length: count }, (_, i) => {
      const seq = first + i;
      const isToolOnly = options.toolEvery ? seq % options.toolEvery === 0 : false;
      return {
        id: `m-${thread}-${seq}`,
        organizationId: user.organizationId,
        threadId: thread,
        userId: user.userId,
        role: (seq % 2 === 0 ? "user" : "assistant") as "user" | "assistant",
        parts: isToolOnly
          ? [{ type: "tool-searchDossier", toolCallId: `c${seq}`, state: "output-available" }]
          : [{ type: "text", text: `message ${seq}` }],
        seq,
        isToolOnly,
      };
    });
    for (let i = 0; i < rows.length; i += 100) {
      await db()
        .insert(messages)
        .values(rows.slice(i, i + 100));
    }
  }

  /** Follow continueCursor from the first page to the end; every page as returned. */
  async function allPages(
    user: TestUser,
    threadId: string,
    numItems: number,
    excludeToolMessages = false,
  ): Promise<Page[]> {
    const pages: Page[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 100; guard++) {
      const page: Page = await callFn(
        server,
        api.messages.getThreadMessagesOptional,
        { threadId, paginationOpts: { numItems, cursor }, excludeToolMessages },
        user.token,
      );
      pages.push(page);
      if (page.isDone) return pages;
      cursor = page.continueCursor;
    }
    throw new Error("pagination never finished");
  }

  describe("threads.create, getThread and list", () => {
    it("creates a thread with a generated id and the default title", async () => {
      const user = await createTestUser(server);
      const before = Date.now();
      const thread = await createThread(user);
      expect(thread).toEqual({
        _id: expect.any(String),
        _creationTime: expect.any(Number),
        title: "New chat",
        modelId: null,
        lastMessageAt: expect.any(Number),
        isStreaming: false,
        documentCount: 0,
      });
      expect(thread._id.length).toBeGreaterThanOrEqual(10);
      expect(thread._creationTime).toBeGreaterThan(before - 60_000);
      expect(
        await callFn(server, api.threads.getThread, { threadId: thread._id }, user.token),
      ).toEqual(thread);
      expect(await callFn(server, api.threads.list, {}, user.token)).toEqual([thread]);
    });

    it("takes a client-chosen id, a title, a model and documents", async () => {
      const user = await createTestUser(server);
      const docA = await insertDocument(user.organizationId);
      const docB = await insertDocument(user.organizationId);
      const threadId = unique("client-thread").replace(/[^A-Za-z0-9_-]/g, "_");
      const thread = await createThread(user, {
        threadId,
        title: "  Quarterly numbers  ",
        modelId: offered[0]?.id,
        documentIds: [docA, docB, docA],
      });
      expect(thread).toMatchObject({
        _id: threadId,
        title: "Quarterly numbers",
        modelId: offered[0]?.id,
        documentCount: 2,
      });
    });

    it("refuses an id already used, by anybody, without saying whose", async () => {
      const owner = await createTestUser(server);
      const stranger = await createTestUser(server);
      const threadId = `taken_${newId()}`;
      await createThread(owner, { threadId });
      for (const user of [owner, stranger]) {
        const again = await callFnError(server, api.threads.create, { threadId }, user.token);
        expectError(again, "CONFLICT", "A chat with this id already exists.");
      }
      const [row] = await db().select().from(threads).where(eq(threads.id, threadId));
      expect(row?.userId).toBe(owner.userId);
    });

    it("refuses ids that are short or not URL-safe", async () => {
      const user = await createTestUser(server);
      expectError(
        await callFnError(server, api.threads.create, { threadId: "short" }, user.token),
        "INVALID_ARGS",
        /at least 10 characters/,
      );
      expectError(
        await callFnError(server, api.threads.create, { threadId: "../../etc/passwd" }, user.token),
        "INVALID_ARGS",
        "A thread id may only contain letters, digits, - and _.",
      );
    });

    it("refuses a model that is not offered", async () => {
      const user = await createTestUser(server);
      const result = await callFnError(
        server,
        api.threads.create,
        { modelId: "compatible:not-configured" },
        user.token,
      );
      expectError(result, "INVALID_ARGS", "This model is not available.");
      expect(await callFn(server, api.threads.list, {}, user.token)).toEqual([]);
    });

    it("creates nothing when a document is another organization's", async () => {
      const user = await createTestUser(server);
      const stranger = await createTestUser(server);
      const own = await insertDocument(user.organizationId);
      const theirs = await insertDocument(stranger.organizationId);
      const threadId = `withdocs_${newId()}`;
      const result = await callFnError(
        server,
        api.threads.create,
        { threadId, documentIds: [own, theirs] },
        user.token,
      );
      expectError(result, "NOT_FOUND", "Document was not found.");
      expect(await db().select().from(threads).where(eq(threads.id, threadId))).toEqual([]);
    });

    it("lists only the caller's threads, latest activity first, with streaming state", async () => {
      const user = await createTestUser(server);
      const colleague = await createTestUser(server, { organizationId: user.organizationId });
      await createThread(colleague, { title: "Colleague's" });
      const older = await createThread(user, { title: "Older" });
      const newer = await createThread(user, { title: "Newer" });
      const revived = await createThread(user, { title: "Revived" });
      const now = Date.now();
      const at = (ms: number) => new Date(now - ms);
      await db()
        .update(threads)
        .set({ lastMessageAt: at(3000) })
        .where(eq(threads.id, older._id));
      await db()
        .update(threads)
        .set({ lastMessageAt: at(2000) })
        .where(eq(threads.id, newer._id));
      await db()
        .update(threads)
        .set({ lastMessageAt: at(1000), activeStreamId: "stream-1" })
        .where(eq(threads.id, revived._id));

      const list = await callFn(server, api.threads.list, {}, user.token);
      expect(list.map((t) => t.title)).toEqual(["Revived", "Newer", "Older"]);
      expect(list.map((t) => t.isStreaming)).toEqual([true, false, false]);
      expect(list[0]?.lastMessageAt).toBe(now - 1000);

      const limited = await callFn(server, api.threads.list, { limit: 2 }, user.token);
      expect(limited.map((t) => t.title)).toEqual(["Revived", "Newer"]);
    });

    it("counts each thread's documents, and forgets a document deleted from the dossier", async () => {
      const user = await createTestUser(server);
      const doc = await insertDocument(user.organizationId);
      const other = await insertDocument(user.organizationId);
      const thread = await createThread(user, { documentIds: [doc, other] });
      expect((await callFn(server, api.threads.list, {}, user.token))[0]?.documentCount).toBe(2);
      await db().delete(documents).where(eq(documents.id, doc));
      expect((await callFn(server, api.threads.list, {}, user.token))[0]?.documentCount).toBe(1);
      expect(
        await callFn(server, api.threads.getThread, { threadId: thread._id }, user.token),
      ).toMatchObject({ documentCount: 1 });
    });

    it("asks for a sign-in first", async () => {
      const result = await callFnError(server, api.threads.list, {});
      expectError(result, "UNAUTHENTICATED", "Authentication required");
    });
  });

  describe("threads.rename, setModel and remove", () => {
    it("renames, trimming the title and refusing an empty one", async () => {
      const user = await createTestUser(server);
      const thread = await createThread(user);
      const renamed = await callFn(
        server,
        api.threads.rename,
        { threadId: thread._id, title: "  Contract review " },
        user.token,
      );
      expect(renamed).toMatchObject({ _id: thread._id, title: "Contract review" });
      expectError(
        await callFnError(
          server,
          api.threads.rename,
          { threadId: thread._id, title: "   " },
          user.token,
        ),
        "INVALID_ARGS",
        /Title is required/,
      );
    });

    it("sets an offered model and refuses any other", async () => {
      const user = await createTestUser(server);
      const thread = await createThread(user);
      const target = offered[1]?.id ?? "missing";
      const updated = await callFn(
        server,
        api.threads.setModel,
        { threadId: thread._id, modelId: target },
        user.token,
      );
      expect(updated.modelId).toBe(target);
      expectError(
        await callFnError(
          server,
          api.threads.setModel,
          { threadId: thread._id, modelId: "openai:not-configured" },
          user.token,
        ),
        "INVALID_ARGS",
        "This model is not available.",
      );
      expect(
        (await callFn(server, api.threads.getThread, { threadId: thread._id }, user.token)).modelId,
      ).toBe(target);
    });

    it("removes a thread with its messages and attachments, even while streaming", async () => {
      const user = await createTestUser(server);
      const doc = await insertDocument(user.organizationId);
      const thread = await createThread(user, { documentIds: [doc] });
      await insertMessages(thread._id, user, 3);
      await db()
        .update(threads)
        .set({ activeStreamId: "in-flight" })
        .where(eq(threads.id, thread._id));

      expect(
        await callFn(server, api.threads.remove, { threadId: thread._id }, user.token),
      ).toBeNull();

      expectError(
        await callFnError(server, api.threads.getThread, { threadId: thread._id }, user.token),
        "NOT_FOUND",
        "Thread was not found.",
      );
      const left = async (table: typeof messages | typeof threadDocuments) =>
        (await db().select().from(table).where(eq(table.threadId, thread._id))).length;
      expect(await left(messages)).toBe(0);
      expect(await left(threadDocuments)).toBe(0);
      // The document itself stays in the dossier.
      expect(await db().select().from(documents).where(eq(documents.id, doc))).toHaveLength(1);
      expectError(
        await callFnError(server, api.threads.remove, { threadId: thread._id }, user.token),
        "NOT_FOUND",
      );
    });
  });

  describe("thread documents", () => {
    it("treats a thread that does not exist yet as having no documents", async () => {
      const user = await createTestUser(server);
      expect(
        await callFn(
          server,
          api.threads.getThreadDocumentsOptional,
          { threadId: `not-yet-${newId()}` },
          user.token,
        ),
      ).toEqual([]);
    });

    it("attaches in order, ignores duplicates, and detaches", async () => {
      const user = await createTestUser(server);
      const first = await insertDocument(user.organizationId, "First.txt");
      const second = await insertDocument(user.organizationId, "Second.txt");
      const thread = await createThread(user, { documentIds: [first] });

      const attached = await callFn(
        server,
        api.threads.attachDocuments,
        { threadId: thread._id, documentIds: [second, first, second] },
        user.token,
      );
      expect(attached.map((d) => d.name)).toEqual(["First.txt", "Second.txt"]);
      expect(attached[0]).toMatchObject({
        _id: first,
        fileType: "txt",
        processingStatus: "completed",
        hasPreview: false,
      });
      expect(attached[0]).not.toHaveProperty("htmlContent");
      expect(
        await callFn(
          server,
          api.threads.getThreadDocumentsOptional,
          { threadId: thread._id },
          user.token,
        ),
      ).toEqual(attached);

      await callFn(
        server,
        api.threads.detachDocument,
        { threadId: thread._id, documentId: first },
        user.token,
      );
      // Detaching again, or something never attached, changes nothing.
      await callFn(
        server,
        api.threads.detachDocument,
        { threadId: thread._id, documentId: first },
        user.token,
      );
      await callFn(
        server,
        api.threads.detachDocument,
        { threadId: thread._id, documentId: "not-a-uuid" },
        user.token,
      );
      const left = await callFn(
        server,
        api.threads.getThreadDocumentsOptional,
        { threadId: thread._id },
        user.token,
      );
      expect(left.map((d) => d._id)).toEqual([second]);
    });

    it("attaches only documents of the caller's organization", async () => {
      const user = await createTestUser(server);
      const stranger = await createTestUser(server);
      const own = await insertDocument(user.organizationId);
      const theirs = await insertDocument(stranger.organizationId);
      const thread = await createThread(user);
      for (const documentId of [theirs, newId(), "not-a-uuid"]) {
        expectError(
          await callFnError(
            server,
            api.threads.attachDocuments,
            { threadId: thread._id, documentIds: [own, documentId] },
            user.token,
          ),
          "NOT_FOUND",
          "Document was not found.",
        );
      }
      // All or nothing: the valid one was not attached either.
      expect(
        await callFn(
          server,
          api.threads.getThreadDocumentsOptional,
          { threadId: thread._id },
          user.token,
        ),
      ).toEqual([]);
    });

    it("stops at 50 documents per thread", async () => {
      const user = await createTestUser(server);
      const ids = [];
      for (let i = 0; i < 51; i++) ids.push(await insertDocument(user.organizationId));
      const thread = await createThread(user, { documentIds: ids.slice(0, 50) });
      expect(thread.documentCount).toBe(50);
      expectError(
        await callFnError(
          server,
          api.threads.attachDocuments,
          { threadId: thread._id, documentIds: [ids[50]!] },
          user.token,
        ),
        "CONFLICT",
        /at most 50 documents/,
      );
      // Re-attaching one already there is still fine.
      const same = await callFn(
        server,
        api.threads.attachDocuments,
        { threadId: thread._id, documentIds: [ids[0]!] },
        user.token,
      );
      expect(same).toHaveLength(50);
    });
  });

  describe("messages.getThreadMessagesOptional", () => {
    it("pages 250 messages from the newest back, without gaps or repeats", async () => {
      const user = await createTestUser(server);
      const thread = await createThread(user);
      await insertMessages(thread._id, user, 250, { toolEvery: 5 });

      const pages = await allPages(user, thread._id, 100);
      expect(pages.map((p) => p.page.length)).toEqual([100, 100, 50]);
      expect(pages.map((p) => p.isDone)).toEqual([false, false, true]);
      expect(pages[2]?.continueCursor).toBe("");
      // The first page is the end of the conversation, each page oldest first.
      expect(pages[0]?.page[0]?.id).toBe(`m-${thread._id}-150`);
      expect(pages[0]?.page[1]?.content).toBe("message 151");
      expect(pages[0]?.page[99]?.id).toBe(`m-${thread._id}-249`);
      const seqs = pages
        .slice()
        .reverse()
        .flatMap((p) => p.page.map((m) => Number(m.id.split("-").pop())));
      expect(seqs).toEqual(Array.from({ length: 250 }, (_, i) => i));
    });

    it("hides tool-only messages when asked, still without gaps", async () => {
      const user = await createTestUser(server);
      const thread = await createThread(user);
      await insertMessages(thread._id, user, 250, { toolEvery: 5 });

      const pages = await allPages(user, thread._id, 70, true);
      const ids = pages
        .slice()
        .reverse()
        .flatMap((p) => p.page.map((m) => m.id));
      const expected = Array.from({ length: 250 }, (_, i) => i)
        .filter((seq) => seq % 5 !== 0)
        .map((seq) => `m-${thread._id}-${seq}`);
      expect(ids).toEqual(expected);
      expect(pages.map((p) => p.page.length)).toEqual([70, 70, 60]);
      expect(pages.at(-1)?.isDone).toBe(true);
    });

    it("gives the first page as one page when the thread is short", async () => {
      const user = await createTestUser(server);
      const thread = await createThread(user);
      await insertMessages(thread._id, user, 100);
      const [page] = await allPages(user, thread._id, 100);
      expect(page).toMatchObject({ isDone: true, continueCursor: "" });
      expect(page?.page).toHaveLength(100);
    });

    it("shows a stored message as the AI SDK's UI message with what the server recorded", async () => {
      const user = await createTestUser(server);
      const thread = await createThread(user);
      const parts = [
        { type: "step-start" },
        { type: "reasoning", text: "Think first." },
        { type: "text", text: "First part." },
        {
          type: "tool-searchDossier",
          toolCallId: "call-1",
          state: "output-available",
          input: { query: "x" },
          output: { results: [] },
        },
        { type: "text", text: "Second part." },
        { notAPart: true },
      ];
      await db()
        .insert(messages)
        .values([
          {
            id: "answer-1",
            organizationId: user.organizationId,
            threadId: thread._id,
            userId: user.userId,
            role: "assistant",
            parts: parts as never,
            seq: 1,
            status: "stopped",
            modelId: "compatible:test-model",
            finishReason: "something-new",
            usage: { inputTokens: 12, outputTokens: 5, totalTokens: 17, cachedTokens: 3 },
            error: null,
          },
        ]);
      const { page } = await callFn(
        server,
        api.messages.getThreadMessagesOptional,
        { threadId: thread._id, paginationOpts: { numItems: 100, cursor: null } },
        user.token,
      );
      expect(page).toEqual([
        {
          id: "answer-1",
          threadId: thread._id,
          createdAt: expect.any(Number),
          role: "assistant",
          content: "First part.\n\nSecond part.",
          parts: parts.slice(0, 5),
          status: "stopped",
          metadata: {
            modelId: "compatible:test-model",
            finishReason: "unknown",
            usage: { inputTokens: 12, outputTokens: 5, totalTokens: 17 },
            error: null,
          },
        },
      ]);
    });

    it("answers an empty, finished page for a thread that does not exist yet", async () => {
      const user = await createTestUser(server);
      expect(
        await callFn(
          server,
          api.messages.getThreadMessagesOptional,
          { threadId: `future-${newId()}`, paginationOpts: { numItems: 100, cursor: null } },
          user.token,
        ),
      ).toEqual({ page: [], isDone: true, continueCursor: "" });
    });

    it("refuses a cursor it did not make", async () => {
      const user = await createTestUser(server);
      const thread = await createThread(user);
      for (const cursor of ["", "garbage", Buffer.from("before:x").toString("base64url")]) {
        expectError(
          await callFnError(
            server,
            api.messages.getThreadMessagesOptional,
            { threadId: thread._id, paginationOpts: { numItems: 10, cursor } },
            user.token,
          ),
          "INVALID_ARGS",
          /no longer valid/,
        );
      }
    });
  });

  describe("nobody else reaches a thread", () => {
    it("treats another user's thread, in the same organization or not, as not found", async () => {
      const owner = await createTestUser(server);
      const colleague = await createTestUser(server, {
        organizationId: owner.organizationId,
        role: "OrganizationAdmin",
      });
      const outsider = await createTestUser(server);
      const doc = await insertDocument(owner.organizationId, "Private.txt");
      const spare = await insertDocument(owner.organizationId);
      const outsiderDoc = await insertDocument(outsider.organizationId);
      const thread = await createThread(owner, { title: "Secret plans", documentIds: [doc] });
      await insertMessages(thread._id, owner, 5);
      const threadId = thread._id;

      for (const intruder of [colleague, outsider]) {
        /** The intruder's attempt at a call, kept to be run below. */
        const attempt =
          <C extends FunctionContract>(contract: C, args: ArgsOf<C>) =>
          (): Promise<FnError> =>
            callFnError(server, contract, args, intruder.token);
        const denied = [
          attempt(api.threads.getThread, { threadId }),
          attempt(api.threads.rename, { threadId, title: "Mine now" }),
          attempt(api.threads.setModel, { threadId, modelId: offered[0]?.id ?? "x" }),
          attempt(api.threads.remove, { threadId }),
          attempt(api.threads.attachDocuments, {
            threadId,
            documentIds: [intruder === outsider ? outsiderDoc : spare],
          }),
          attempt(api.threads.detachDocument, { threadId, documentId: doc }),
        ];
        for (const call of denied) {
          expectError(await call(), "NOT_FOUND", "Thread was not found.");
        }
        expect(
          await callFn(
            server,
            api.threads.getThreadDocumentsOptional,
            { threadId },
            intruder.token,
          ),
        ).toEqual([]);
        expect(
          await callFn(
            server,
            api.messages.getThreadMessagesOptional,
            { threadId, paginationOpts: { numItems: 100, cursor: null } },
            intruder.token,
          ),
        ).toEqual({ page: [], isDone: true, continueCursor: "" });
        expect(await callFn(server, api.threads.list, {}, intruder.token)).toEqual([]);
      }

      // Nothing changed for the owner.
      expect(await callFn(server, api.threads.getThread, { threadId }, owner.token)).toMatchObject({
        title: "Secret plans",
        modelId: null,
        documentCount: 1,
      });
      const page = await callFn(
        server,
        api.messages.getThreadMessagesOptional,
        { threadId, paginationOpts: { numItems: 100, cursor: null } },
        owner.token,
      );
      expect(page.page).toHaveLength(5);
    });

    it("gives a user without an organization no threads and no way to start one", async () => {
      const owner = await createTestUser(server);
      const thread = await createThread(owner);
      const admin = await createTestUser(server, { isSuperadmin: true });
      await db().execute(sql`update users set organization_id = null where id = ${admin.userId}`);
      expect(await callFn(server, api.threads.list, {}, admin.token)).toEqual([]);
      expectError(
        await callFnError(server, api.threads.getThread, { threadId: thread._id }, admin.token),
        "NOT_FOUND",
      );
      expectError(
        await callFnError(server, api.threads.create, {}, admin.token),
        "FORBIDDEN",
        /does not belong to an organization/,
      );
    });
  });

  describe("models", () => {
    it("offers the configured models", () => {
      expect(offered.map((m) => m.id)).toEqual([
        "compatible:test-model",
        "compatible:other-model",
        "compatible:third-model",
      ]);
    });

    it("picks the default: the user's choice, else the organization's, else the server's", async () => {
      const admin = await createTestUser(server, { role: "OrganizationAdmin" });
      const member = await createTestUser(server, { organizationId: admin.organizationId });
      const [first, second, third] = offered.map((m) => m.id);
      const listFor = (user: TestUser) => callFn(server, api.models.list, {}, user.token);

      expect(await listFor(member)).toEqual({
        models: offered,
        defaultModelId: first,
        userModelId: null,
        organizationModelId: null,
      });

      await callFn(server, api.models.setOrganizationDefault, { modelId: second! }, admin.token);
      expect(await listFor(member)).toMatchObject({
        defaultModelId: second,
        userModelId: null,
        organizationModelId: second,
      });

      await callFn(server, api.models.choose, { modelId: third! }, member.token);
      expect(await listFor(member)).toMatchObject({
        defaultModelId: third,
        userModelId: third,
        organizationModelId: second,
      });
      // The admin's own default follows the organization; the member's choice is theirs alone.
      expect(await listFor(admin)).toMatchObject({ defaultModelId: second, userModelId: null });

      // A remembered model no longer offered is skipped, not an error.
      await db()
        .update(userPreferences)
        .set({ modelId: "compatible:retired" })
        .where(eq(userPreferences.userId, member.userId));
      expect(await listFor(member)).toMatchObject({
        defaultModelId: second,
        userModelId: "compatible:retired",
      });

      await callFn(server, api.models.setOrganizationDefault, { modelId: null }, admin.token);
      expect(await listFor(member)).toMatchObject({
        defaultModelId: first,
        organizationModelId: null,
      });
    });

    it("refuses a model that is not offered", async () => {
      const admin = await createTestUser(server, { role: "OrganizationAdmin" });
      const unavailable = "This model is not available.";
      const choose = { modelId: "compatible:not-configured" };
      expectError(
        await callFnError(server, api.models.choose, choose, admin.token),
        "INVALID_ARGS",
        unavailable,
      );
      const setDefault = { modelId: "openai:gpt-unknown" };
      expectError(
        await callFnError(server, api.models.setOrganizationDefault, setDefault, admin.token),
        "INVALID_ARGS",
        unavailable,
      );
      expect(
        await db()
          .select()
          .from(organizationSettings)
          .where(eq(organizationSettings.organizationId, admin.organizationId)),
      ).toEqual([]);
    });

    it("lets only organization admins and superadmins set the organization default", async () => {
      const member = await createTestUser(server);
      const superadmin = await createTestUser(server, {
        organizationId: member.organizationId,
        isSuperadmin: true,
      });
      const target = offered[0]?.id ?? "x";
      expectError(
        await callFnError(
          server,
          api.models.setOrganizationDefault,
          { modelId: target },
          member.token,
        ),
        "FORBIDDEN",
        "Only an organization admin can set the organization's default model.",
      );
      await callFn(
        server,
        api.models.setOrganizationDefault,
        { modelId: target },
        superadmin.token,
      );
      const rows = await db()
        .select()
        .from(organizationSettings)
        .where(
          and(
            eq(organizationSettings.organizationId, member.organizationId),
            eq(organizationSettings.defaultModelId, target),
          ),
        );
      expect(rows).toHaveLength(1);
    });
  });
});
