import { AppError, conflict } from "#shared/errors.ts";
import type { Thread } from "#shared/schemas/chat.ts";
import type { Executor } from "../db/database.ts";
import { threads } from "../db/schema.ts";
import { newId } from "../ids.ts";
import { requireOfferedModel } from "../models/model-choice.ts";
import type { ModelRegistry } from "../models/model-registry.ts";
import { loadThreadView } from "./thread-access.ts";
import { attachDocumentsToThread } from "./thread-documents.ts";

export const DEFAULT_THREAD_TITLE = "New chat";

/** Ids go into URLs (/threads/{threadId}): letters, digits, - and _ only. */
const THREAD_ID = /^[A-Za-z0-9_-]+$/;

export interface CreateThreadOptions {
  db: Executor;
  models: ModelRegistry;
  organizationId: string;
  userId: string;
  /** Chosen by the client so a chat can start before the round trip; else generated. */
  threadId?: string;
  title?: string;
  modelId?: string | null;
  documentIds?: string[];
}

/**
 * Start a thread, with its first documents, in the caller's transaction. An
 * id already taken, by anybody, is a conflict (and says nothing about whose).
 */
export async function createThread(options: CreateThreadOptions): Promise<Thread> {
  const { db, organizationId, userId } = options;
  const threadId = options.threadId ?? newId();
  if (!THREAD_ID.test(threadId)) {
    throw new AppError("INVALID_ARGS", "A thread id may only contain letters, digits, - and _.", {
      issues: [{ path: "threadId", message: "Invalid thread id" }],
    });
  }
  const modelId = options.modelId ? requireOfferedModel(options.models, options.modelId) : null;

  const inserted = await db
    .insert(threads)
    .values({
      id: threadId,
      organizationId,
      userId,
      title: options.title ?? DEFAULT_THREAD_TITLE,
      modelId,
    })
    .onConflictDoNothing({ target: threads.id })
    .returning();
  const thread = inserted[0];
  if (!thread) throw conflict("A chat with this id already exists.");

  if (options.documentIds && options.documentIds.length > 0) {
    await attachDocumentsToThread(db, thread, options.documentIds);
  }
  return loadThreadView(db, thread);
}
