import { asc, eq, sql } from "drizzle-orm";
import { AppError } from "#shared/errors.ts";
import type { ModuleCategory } from "#shared/schemas/module.ts";
import type { Executor } from "../db/database.ts";
import { moduleCategories } from "../db/schema.ts";
import { isUuid } from "../ids.ts";

/** Module categories are global (decision 018): every organization sees the same ones. */

export type ModuleCategoryRow = typeof moduleCategories.$inferSelect;

export function moduleCategoryView(row: ModuleCategoryRow): ModuleCategory {
  return { _id: row.id, name: row.name, sortOrder: row.sortOrder };
}

/** Every category, by sort order then name. */
export async function listModuleCategories(db: Executor): Promise<ModuleCategory[]> {
  const rows = await db
    .select()
    .from(moduleCategories)
    .orderBy(asc(moduleCategories.sortOrder), sql`lower(${moduleCategories.name})`);
  return rows.map(moduleCategoryView);
}

/**
 * The category a module form names: blank or absent is none; an id of no
 * category is INVALID_ARGS on the field (the form shows it there).
 */
export async function resolveModuleCategory(
  db: Executor,
  categoryId: string | undefined,
): Promise<ModuleCategoryRow | null> {
  if (!categoryId) return null;
  const [row] = isUuid(categoryId)
    ? await db.select().from(moduleCategories).where(eq(moduleCategories.id, categoryId))
    : [];
  if (!row) {
    const message = "This category does not exist.";
    throw new AppError("INVALID_ARGS", message, {
      issues: [{ path: "categoryId", message }],
    });
  }
  return row;
}
