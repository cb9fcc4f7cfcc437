import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArgsOf, FunctionContract } from "#shared/api/define.ts";
import { api } from "#shared/api/index.ts";
import type { ModelInfo } from "#shared/schemas/chat.ts";
import { documents, messages, threadDocuments, threads } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { callFn, callFnError, expectError, type FnError } from "../support/call-fn.ts";
import {
  createThread,
  insertDocument,
  insertMessages,
  offeredModels,
  startChatFunctionsServer,
} from "../support/chat-fixtures.ts";
import { createTestUser, DB_KINDS, type TestServer, unique } from "../support/server.ts";

/**
 * The chat's threads.* functions over HTTP, on both databases: what each returns (the thread,
 * its documents), and that nobody reaches another user's thread.
 */

describe.each(DB_KINDS)("chat functions (%s)", (kind) => {
  let server: TestServer;
  let offered: ModelInfo[] = [];

  beforeAll(async () => {
    server = await startChatFunctionsServer(kind);
    offered = await offeredModels(server);
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.running.services.database.db;

  describe("threads.create, getThread and list", () => {
    it("creates a thread with a generated id and the default title", async () => {
      const user = await createTestUser(server);
      const before = Date.now();
      const thread = await createThread(server, user);
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
      const docA = await insertDocument(server, user.organizationId);
      const docB = await insertDocument(server, user.organizationId);
      const threadId = unique("client-thread").replace(/[^A-Za-z0-9_-]/g, "_");
      const thread = await createThread(server, user, {
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
      await createThread(server, owner, { threadId });
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
      const own = await insertDocument(server, user.organizationId);
      const theirs = await insertDocument(server, stranger.organizationId);
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
      await createThread(server, colleague, { title: "Colleague's" });
      const older = await createThread(server, user, { title: "Older" });
      const newer = await createThread(server, user, { title: "Newer" });
      const revived = await createThread(server, user, { title: "Revived" });
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
      const doc = await insertDocument(server, user.organizationId);
      const other = await insertDocument(server, user.organizationId);
      const thread = await createThread(server, user, { documentIds: [doc, other] });
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
      const thread = await createThread(server, user);
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
      const thread = await createThread(server, user);
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
      const doc = await insertDocument(server, user.organizationId);
      const thread = await createThread(server, user, { documentIds: [doc] });
      await insertMessages(server, thread._id, user, 3);
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
      const first = await insertDocument(server, user.organizationId, "First.txt");
      const second = await insertDocument(server, user.organizationId, "Second.txt");
      const thread = await createThread(server, user, { documentIds: [first] });

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
      const own = await insertDocument(server, user.organizationId);
      const theirs = await insertDocument(server, stranger.organizationId);
      const thread = await createThread(server, user);
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
      for (let i = 0; i < 51; i++) ids.push(await insertDocument(server, user.organizationId));
      const thread = await createThread(server, user, { documentIds: ids.slice(0, 50) });
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

  describe("nobody else reaches a thread", () => {
    it("treats another user's thread, in the same organization or not, as not found", async () => {
      const owner = await createTestUser(server);
      const colleague = await createTestUser(server, {
        organizationId: owner.organizationId,
        role: "OrganizationAdmin",
      });
      const outsider = await createTestUser(server);
      const doc = await insertDocument(server, owner.organizationId, "Private.txt");
      const spare = await insertDocument(server, owner.organizationId);
      const outsiderDoc = await insertDocument(server, outsider.organizationId);
      const thread = await createThread(server, owner, {
        title: "Secret plans",
        documentIds: [doc],
      });
      await insertMessages(server, thread._id, owner, 5);
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
      const thread = await createThread(server, owner);
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
});
