import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResultOf } from "#shared/api/define.ts";
import { api } from "#shared/api/index.ts";
import { messages } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { callFn, callFnError, expectError } from "../support/call-fn.ts";
import {
  createThread,
  insertMessages,
  startChatFunctionsServer,
} from "../support/chat-fixtures.ts";
import { createTestUser, DB_KINDS, type TestServer, type TestUser } from "../support/server.ts";

/**
 * The chat's messages.* function over HTTP, on both databases: cursor pages from the end of
 * the conversation back, tool-only messages hidden on request, and a stored message as the UI
 * shows it. Messages are written straight to the database, as the streaming side does.
 */

type Page = ResultOf<typeof api.messages.getThreadMessagesOptional>;

describe.each(DB_KINDS)("chat functions (%s)", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startChatFunctionsServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.running.services.database.db;

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

  describe("messages.getThreadMessagesOptional", () => {
    it("pages 250 messages from the newest back, without gaps or repeats", async () => {
      const user = await createTestUser(server);
      const thread = await createThread(server, user);
      await insertMessages(server, thread._id, user, 250, { toolEvery: 5 });

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
      const thread = await createThread(server, user);
      await insertMessages(server, thread._id, user, 250, { toolEvery: 5 });

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
      const thread = await createThread(server, user);
      await insertMessages(server, thread._id, user, 100);
      const [page] = await allPages(user, thread._id, 100);
      expect(page).toMatchObject({ isDone: true, continueCursor: "" });
      expect(page?.page).toHaveLength(100);
    });

    it("shows a stored message as the AI SDK's UI message with what the server recorded", async () => {
      const user = await createTestUser(server);
      const thread = await createThread(server, user);
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
      const thread = await createThread(server, user);
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
});
