import { eq } from "drizzle-orm";
import { notFound } from "#shared/errors.ts";
import type { Executor } from "../db/database.ts";
import { prompts } from "../db/schema.ts";
import { isUuid } from "../ids.ts";

export interface SetPromptArchivedOptions {
  db: Executor;
  promptId: string;
  archived: boolean;
}

/** Archive or restore any prompt (the caller is a superadmin: checked by the contract). */
export async function setPromptArchived(
  options: SetPromptArchivedOptions,
): Promise<{ promptId: string }> {
  if (!isUuid(options.promptId)) throw notFound("Prompt");
  const now = new Date();
  const [row] = await options.db
    .update(prompts)
    .set({ archivedAt: options.archived ? now : null, updatedAt: now })
    .where(eq(prompts.id, options.promptId))
    .returning({ id: prompts.id });
  if (!row) throw notFound("Prompt");
  return { promptId: row.id };
}
