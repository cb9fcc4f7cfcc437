import { and, eq, isNull, or } from "drizzle-orm";
import { AppError, notFound } from "#shared/errors.ts";
import type { PromptCategory } from "#shared/schemas/prompt.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { promptCategories } from "../db/schema.ts";
import { isUuid } from "../ids.ts";

/**
 * Which categories a caller may see and give a prompt (decision 017,
 * amendment): their organization's and the global ones (organization_id
 * null, a superadmin's); another organization's is "not found".
 */

export type PromptCategoryRow = typeof promptCategories.$inferSelect;

/** The categories a caller can see: their organization's and the global ones. */
export function visibleCategories(caller: Identity) {
  return caller.organizationId
    ? or(
        isNull(promptCategories.organizationId),
        eq(promptCategories.organizationId, caller.organizationId),
      )
    : isNull(promptCategories.organizationId);
}

export function categoryView(row: PromptCategoryRow): PromptCategory {
  return { _id: row.id, name: row.name, isGlobal: row.organizationId === null };
}

/**
 * The category a prompt of `organizationId` (null: global) may take: blank or
 * absent is none; otherwise one the caller sees (their organization's or a
 * global one; any other id is "not found"), and a global one for a global prompt.
 */
export async function resolvePromptCategory(
  db: Executor,
  caller: Identity,
  organizationId: string | null,
  categoryId: string | undefined,
): Promise<PromptCategoryRow | null> {
  if (!categoryId) return null;
  const rows = isUuid(categoryId)
    ? await db
        .select()
        .from(promptCategories)
        .where(and(eq(promptCategories.id, categoryId), visibleCategories(caller)))
    : [];
  const row = rows[0];
  if (!row) throw notFound("Category");
  if (organizationId === null && row.organizationId !== null) {
    throw new AppError("INVALID_ARGS", "A global prompt can only have a global category.");
  }
  return row;
}
