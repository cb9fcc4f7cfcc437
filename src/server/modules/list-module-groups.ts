import { asc, eq, sql } from "drizzle-orm";
import type { Module, ModuleGroup } from "#shared/schemas/module.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { moduleCategories, modules } from "../db/schema.ts";
import { runnableModules } from "./module-access.ts";
import { moduleView } from "./module-view.ts";

export const OTHER_CATEGORY = "Other";

/**
 * /modules: the modules the caller may run, grouped by category in the
 * categories' order, modules by name; those without a category come last,
 * as "Other". Categories with no module the caller sees are left out.
 */
export async function listModuleGroups(db: Executor, caller: Identity): Promise<ModuleGroup[]> {
  const rows = await db
    .select({
      module: modules,
      category: moduleCategories.name,
      categoryOrder: moduleCategories.sortOrder,
    })
    .from(modules)
    .leftJoin(moduleCategories, eq(moduleCategories.id, modules.categoryId))
    .where(runnableModules(caller))
    .orderBy(
      sql`${moduleCategories.sortOrder} asc nulls last`,
      sql`lower(${moduleCategories.name})`,
      sql`lower(${modules.name})`,
      asc(modules.id),
    );
  const groups: ModuleGroup[] = [];
  let current: ModuleGroup | undefined;
  for (const { module, category } of rows) {
    const categoryId = category === null ? null : module.categoryId;
    if (!current || current.categoryId !== categoryId) {
      current = { categoryId, name: category ?? OTHER_CATEGORY, modules: [] };
      groups.push(current);
    }
    current.modules.push(moduleView(module, category));
  }
  return groups;
}

/** /modules/{slug}: the module when the caller may run it, else null. */
export async function getModuleBySlug(
  db: Executor,
  caller: Identity,
  slug: string,
): Promise<Module | null> {
  const [row] = await db
    .select({ module: modules, category: moduleCategories.name })
    .from(modules)
    .leftJoin(moduleCategories, eq(moduleCategories.id, modules.categoryId))
    .where(sql`${eq(modules.slug, slug)} and ${runnableModules(caller)}`)
    .limit(1);
  return row ? moduleView(row.module, row.category) : null;
}
