import type { ArgsOf } from "#shared/api/define.ts";
import { api } from "#shared/api/index.ts";
import type { ModelInfo, Thread } from "#shared/schemas/chat.ts";
import { documents, dossierShares, messages } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { callFn } from "./call-fn.ts";
import {
  createTestUser,
  type DbKind,
  startTestServer,
  type TestServer,
  type TestUser,
  unique,
} from "./server.ts";

/**
 * Set-up shared by the chat function tests (chat-threads, chat-messages, chat-models): their
 * server, and threads, documents and messages. Messages are written straight to the database,
 * as the streaming side (POST /api/chat) does.
 */

/** Models offered through an OpenAI-compatible server (nothing listens: no call is made). */
const MODEL_ENV = {
  OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:9/v1",
  OPENAI_COMPATIBLE_MODELS: "test-model,other-model,third-model",
};

/** The server for chat function tests, offering three models. */
export function startChatFunctionsServer(kind: DbKind): Promise<TestServer> {
  return startTestServer(kind, MODEL_ENV);
}

/** The models the server offers, as models.list shows them to a new user. */
export async function offeredModels(server: TestServer): Promise<ModelInfo[]> {
  const probe = await createTestUser(server);
  return (await callFn(server, api.models.list, {}, probe.token)).models;
}

/** A thread made with threads.create. */
export function createThread(
  server: TestServer,
  user: TestUser,
  args: ArgsOf<typeof api.threads.create> = {},
): Promise<Thread> {
  return callFn(server, api.threads.create, args, user.token);
}

/** A processed text document, straight in the database; its id. */
export async function insertDocument(
  server: TestServer,
  organizationId: string,
  name = unique("doc"),
  options: { ownerId?: string } = {},
): Promise<string> {
  const id = newId();
  const db = server.running.services.database.db;
  await db.insert(documents).values({
    id,
    organizationId,
    ownerId: options.ownerId ?? null,
    storageId: unique("blob"),
    name,
    fileType: "txt",
    mimeType: "text/plain",
    size: 12,
    processingStatus: "completed",
  });
  // Without an owner, the document is the organization's: shared with every member as editor
  // (what an upgraded dossier's existing documents are, decision 023).
  if (!options.ownerId) {
    await db.insert(dossierShares).values({
      id: newId(),
      organizationId,
      entityType: "document",
      entityId: id,
      granteeUserId: null,
      role: "editor",
    });
  }
  return id;
}

/**
 * `count` messages of a thread (ids `m-<thread>-<seq>`), user and assistant in turn, every
 * `toolEvery`th one a tool-only message.
 */
export async function insertMessages(
  server: TestServer,
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
    await server.running.services.database.db.insert(messages).values(rows.slice(i, i + 100));
  }
}
