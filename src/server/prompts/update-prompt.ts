import { eq } from "drizzle-orm";
import type { Prompt } from "#shared/schemas/prompt.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import type { ModelRegistry } from "../models/model-registry.ts";
import { prompts } from "../db/schema.ts";
import { requireEditablePrompt } from "./prompt-access.ts";
import { resolvePromptCategory } from "./prompt-category-access.ts";
import { resolvePromptAttachments } from "./prompt-attachments.ts";
import { promptView } from "./prompt-view.ts";

export interface UpdatePromptOptions {
  db: Executor;
  caller: Identity;
  promptId: string;
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

/** Replace a prompt's fields; an absent description, category, model or documents are cleared. */
export async function updatePrompt(options: UpdatePromptOptions): Promise<Prompt> {
  const { db, caller } = options;
  const prompt = await requireEditablePrompt(db, caller, options.promptId);
  const category = await resolvePromptCategory(
    db,
    caller,
    prompt.organizationId,
    options.categoryId,
  );
  const attachments = await resolvePromptAttachments({
    db,
    caller,
    models: options.models,
    organizationId: prompt.organizationId,
    modelId: options.modelId,
    documentIds: options.documentIds,
  });
  const [row] = await db
    .update(prompts)
    .set({
      title: options.title,
      body: options.body,
      modelId: attachments.modelId,
      documentIds: attachments.documentIds,
      description: options.description ?? "",
      categoryId: category?.id ?? null,
      updatedAt: new Date(),
    })
    .where(eq(prompts.id, prompt.id))
    .returning();
  return promptView(row!, caller, category?.name ?? null);
}
