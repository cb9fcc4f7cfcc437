import { eq, isNull, sql } from "drizzle-orm";
import type { Prompt } from "#shared/schemas/prompt.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import type { ModelRegistry } from "../models/model-registry.ts";
import { prompts } from "../db/schema.ts";
import { newId } from "../ids.ts";
import { resolvePromptCategory } from "./prompt-category-access.ts";
import { resolvePromptAttachments } from "./prompt-attachments.ts";
import { promptView } from "./prompt-view.ts";

export interface CreatePromptOptions {
  db: Executor;
  caller: Identity;
  /** null: a global prompt. */
  organizationId: string | null;
  title: string;
  body: string;
  description?: string;
  /** Blank or absent: none. */
  categoryId?: string;
  /** The models on offer, to check modelId. */
  models: ModelRegistry;
  /** Blank or absent: the member's usual model. */
  modelId?: string;
  documentIds?: string[];
}

/** A new prompt, placed after the others of its organization (or the global ones). */
export async function createPrompt(options: CreatePromptOptions): Promise<Prompt> {
  const { db, organizationId } = options;
  const category = await resolvePromptCategory(
    db,
    options.caller,
    organizationId,
    options.categoryId,
  );
  const attachments = await resolvePromptAttachments({
    db,
    caller: options.caller,
    models: options.models,
    organizationId,
    modelId: options.modelId,
    documentIds: options.documentIds,
  });
  const [last] = await db
    .select({ max: sql<number | null>`max(${prompts.sortOrder})` })
    .from(prompts)
    .where(
      organizationId === null
        ? isNull(prompts.organizationId)
        : eq(prompts.organizationId, organizationId),
    );
  const now = new Date();
  const [row] = await db
    .insert(prompts)
    .values({
      id: newId(),
      organizationId,
      title: options.title,
      description: options.description ?? "",
      categoryId: category?.id ?? null,
      body: options.body,
      modelId: attachments.modelId,
      documentIds: attachments.documentIds,
      sortOrder: (last?.max ?? -1) + 1,
      createdBy: options.caller.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return promptView(row!, options.caller, category?.name ?? null);
}
