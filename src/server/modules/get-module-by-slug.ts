import { eq } from "drizzle-orm";
import type { Module } from "#shared/schemas/module.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { moduleCategories } from "../db/schema.ts";
import { findRunnableModule } from "./module-access.ts";
import { moduleView } from "./module-view.ts";

/** /modules/{slug}: a module the caller may run, with its category's name; null otherwise. */
export async function getModuleBySlug(options: {
  db: Executor;
  caller: Identity;
  slug: string;
}): Promise<Module | null> {
  const row = await findRunnableModule(options.db, options.caller, { slug: options.slug });
  if (!row) return null;
  const [category] = row.categoryId
    ? await options.db
        .select({ name: moduleCategories.name })
        .from(moduleCategories)
        .where(eq(moduleCategories.id, row.categoryId))
    : [];
  return moduleView(row, category?.name ?? null);
}
