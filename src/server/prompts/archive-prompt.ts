import { eq } from "drizzle-orm";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { prompts } from "../db/schema.ts";
import { requireEditablePrompt } from "./prompt-access.ts";

export interface ArchivePromptOptions {
  db: Executor;
  caller: Identity;
  promptId: string;
}

/** Hide a prompt from the library; the row stays, with when it was archived. */
export async function archivePrompt(options: ArchivePromptOptions): Promise<{ promptId: string }> {
  const prompt = await requireEditablePrompt(options.db, options.caller, options.promptId);
  const now = new Date();
  await options.db
    .update(prompts)
    .set({ archivedAt: now, updatedAt: now })
    .where(eq(prompts.id, prompt.id));
  return { promptId: prompt.id };
}
