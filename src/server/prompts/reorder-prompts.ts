import { eq } from "drizzle-orm";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { prompts } from "../db/schema.ts";
import { requireEditablePrompt } from "./prompt-access.ts";

export interface ReorderPromptsOptions {
  db: Executor;
  caller: Identity;
  /** The new order of these prompts, first to last. */
  promptIds: string[];
}

/**
 * Number the given prompts 0, 1, 2... in this order. Prompts not named keep
 * their numbers; every one named must be one the caller may edit.
 */
export async function reorderPrompts(options: ReorderPromptsOptions): Promise<{ count: number }> {
  const { db, caller } = options;
  const ids = [...new Set(options.promptIds)];
  const rows = [];
  for (const id of ids) rows.push(await requireEditablePrompt(db, caller, id));
  for (const [index, row] of rows.entries()) {
    await db.update(prompts).set({ sortOrder: index }).where(eq(prompts.id, row.id));
  }
  return { count: rows.length };
}
