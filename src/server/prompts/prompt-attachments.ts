import { AppError } from "#shared/errors.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { findReadableDocuments } from "../documents/access.ts";
import { requireOfferedModel } from "../models/model-choice.ts";
import type { ModelRegistry } from "../models/model-registry.ts";

/**
 * What a prompt brings to the chat it starts (decision 017, amendment 2): a
 * model the server offers, and documents of the prompt's organization that
 * its author may read. A global prompt belongs to no organization, so it
 * cannot name documents.
 */
export async function resolvePromptAttachments(options: {
  db: Executor;
  caller: Identity;
  models: ModelRegistry;
  /** The prompt's organization; null for a global prompt. */
  organizationId: string | null;
  modelId?: string;
  documentIds?: string[];
}): Promise<{ modelId: string | null; documentIds: string[] }> {
  const modelId = options.modelId ? requireOfferedModel(options.models, options.modelId) : null;
  const wanted = [...new Set(options.documentIds ?? [])];
  if (wanted.length === 0) return { modelId, documentIds: [] };
  if (options.organizationId === null || options.organizationId !== options.caller.organizationId) {
    throw new AppError("INVALID_ARGS", "A global prompt cannot attach documents.", {
      issues: [{ path: "documentIds", message: "A global prompt cannot attach documents." }],
    });
  }
  const readable = await findReadableDocuments(options.db, options.caller, wanted);
  if (readable.length !== wanted.length) {
    throw new AppError("NOT_FOUND", "One of the chosen documents was not found.");
  }
  return { modelId, documentIds: wanted };
}
