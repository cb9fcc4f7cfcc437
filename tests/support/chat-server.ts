import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { messages, threads } from "../../src/server/db/schema.ts";
import { type FakeOpenAI, startFakeOpenAI } from "./fake-openai.ts";
import { type DbKind, startTestServer, type TestServer } from "./server.ts";

export interface ChatServer {
  /** The loopback model (set `respond` on it in a test or in `options.setUp`). */
  readonly fake: FakeOpenAI;
  readonly server: TestServer;
  /** A thread's stored messages in order. */
  storedMessages(threadId: string): Promise<Array<typeof messages.$inferSelect>>;
  threadRow(threadId: string): Promise<typeof threads.$inferSelect | undefined>;
}

/**
 * For a describe block: a test server whose OpenAI-compatible models (`models`, comma-separated)
 * are served by a loopback fake, started before its tests and stopped after them.
 */
export function useChatServer(
  kind: DbKind,
  options: { models?: string; setUp?: (fake: FakeOpenAI) => void } = {},
): ChatServer {
  let fake: FakeOpenAI | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    options.setUp?.(fake);
    server = await startTestServer(kind, {
      OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
      OPENAI_COMPATIBLE_MODELS: options.models ?? "fake-model",
    });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });
  const db = () => chat.server.running.services.database.db;
  const chat: ChatServer = {
    get fake() {
      if (!fake) throw new Error("the chat server starts in beforeAll");
      return fake;
    },
    get server() {
      if (!server) throw new Error("the chat server starts in beforeAll");
      return server;
    },
    storedMessages: (threadId) =>
      db()
        .select()
        .from(messages)
        .where(eq(messages.threadId, threadId))
        .orderBy(asc(messages.seq)),
    threadRow: async (threadId) =>
      (await db().select().from(threads).where(eq(threads.id, threadId)))[0],
  };
  return chat;
}
