import { asc, sql } from "drizzle-orm";
import type { PromptCategory } from "#shared/schemas/prompt.ts";
import type { FunctionCtx } from "../api/context.ts";
import { promptCategories } from "../db/schema.ts";
import { categoryView, visibleCategories } from "./prompt-category-access.ts";

/** The caller's organization's categories and the global ones, alphabetically. */
export async function listPromptCategories(ctx: FunctionCtx): Promise<PromptCategory[]> {
  // Each change carries 'scope:<organization_id>' or 'scope:global' (migration 0008).
  ctx.dependsOnRow("prompt_categories", "scope:global");
  if (ctx.user.organizationId) {
    ctx.dependsOnRow("prompt_categories", `scope:${ctx.user.organizationId}`);
  }
  const rows = await ctx.db
    .select()
    .from(promptCategories)
    .where(visibleCategories(ctx.user))
    .orderBy(sql`lower(${promptCategories.name})`, asc(promptCategories.id));
  return rows.map(categoryView);
}
