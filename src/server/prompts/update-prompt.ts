import { eq } from "drizzle-orm";
import type { Prompt } from "#shared/schemas/prompt.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { prompts } from "../db/schema.ts";
import { requireEditablePrompt } from "./prompt-access.ts";
import { resolvePromptCategory } from "./prompt-category-access.ts";
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
}

/** Replace a prompt's fields; an absent description or category is cleared. */
export async function updatePrompt(options: UpdatePromptOptions): Promise<Prompt> {
  const { db, caller } = options;
  const prompt = await requireEditablePrompt(db, caller, options.promptId);
  const category = await resolvePromptCategory(
    db,
    caller,
    prompt.organizationId,
    options.categoryId,
  );
  const [row] = await db
    .update(prompts)
    .set({
      title: options.title,
      body: options.body,
      description: options.description ?? "",
      categoryId: category?.id ?? null,
      updatedAt: new Date(),
    })
    .where(eq(prompts.id, prompt.id))
    .returning();
  return promptView(row!, caller, category?.name ?? null);
}
