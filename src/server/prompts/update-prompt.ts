import { eq } from "drizzle-orm";
import type { Prompt } from "#shared/schemas/prompt.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { prompts } from "../db/schema.ts";
import { requireEditablePrompt } from "./prompt-access.ts";
import { categoryValue, promptView } from "./prompt-view.ts";

export interface UpdatePromptOptions {
  db: Executor;
  caller: Identity;
  promptId: string;
  title: string;
  body: string;
  description?: string;
  category?: string;
}

/** Replace a prompt's fields; an absent description or category is cleared. */
export async function updatePrompt(options: UpdatePromptOptions): Promise<Prompt> {
  const { db, caller } = options;
  const prompt = await requireEditablePrompt(db, caller, options.promptId);
  const [row] = await db
    .update(prompts)
    .set({
      title: options.title,
      body: options.body,
      description: options.description ?? "",
      category: categoryValue(options.category),
      updatedAt: new Date(),
    })
    .where(eq(prompts.id, prompt.id))
    .returning();
  return promptView(row!, caller);
}
