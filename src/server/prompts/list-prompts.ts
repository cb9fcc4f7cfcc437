import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Prompt } from "#shared/schemas/prompt.ts";
import type { FunctionCtx } from "../api/context.ts";
import { promptCategories, prompts } from "../db/schema.ts";
import { visiblePrompts } from "./prompt-access.ts";
import { promptView } from "./prompt-view.ts";

/**
 * Depend only on changes to the caller's organization's prompts and to the
 * global ones: each change carries 'scope:<organization_id>' or
 * 'scope:global' (migration 0007), whichever organization it belongs to.
 */
function dependOnVisiblePrompts(ctx: FunctionCtx): void {
  ctx.dependsOnRow("prompts", "scope:global");
  if (ctx.user.organizationId) ctx.dependsOnRow("prompts", `scope:${ctx.user.organizationId}`);
}

/** The library: visible, not archived, by sort order then title. */
export async function listPrompts(ctx: FunctionCtx): Promise<Prompt[]> {
  dependOnVisiblePrompts(ctx);
  const caller = ctx.user;
  const rows = await ctx.db
    .select({ prompt: prompts, category: promptCategories.name })
    .from(prompts)
    .leftJoin(promptCategories, eq(promptCategories.id, prompts.categoryId))
    .where(and(isNull(prompts.archivedAt), visiblePrompts(caller)))
    .orderBy(asc(prompts.sortOrder), sql`lower(${prompts.title})`, asc(prompts.id));
  return rows.map((row) => promptView(row.prompt, caller, row.category));
}
