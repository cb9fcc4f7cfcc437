import { sql } from "drizzle-orm";
import { AppError } from "#shared/errors.ts";
import type { ModuleCategory } from "#shared/schemas/module.ts";
import { writeAudit } from "../auth/audit.ts";
import type { Identity, RequestInfo } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { moduleCategories } from "../db/schema.ts";
import { newId } from "../ids.ts";
import { moduleCategoryView } from "./module-categories.ts";

export interface CreateModuleCategoryOptions {
  db: Executor;
  caller: Identity;
  request: RequestInfo;
  name: string;
}

/** A new global category, placed last; a name taken (ignoring case) is CONFLICT. */
export async function createModuleCategory(
  options: CreateModuleCategoryOptions,
): Promise<ModuleCategory> {
  const { db, name } = options;
  const [taken] = await db
    .select({ id: moduleCategories.id })
    .from(moduleCategories)
    .where(sql`lower(${moduleCategories.name}) = lower(${name})`);
  if (taken)
    throw new AppError("CONFLICT", `A category named "${name}" already exists.`, {
      field: "name",
    });
  const [last] = await db
    .select({ max: sql<number | null>`max(${moduleCategories.sortOrder})` })
    .from(moduleCategories);
  const now = new Date();
  const [row] = await db
    .insert(moduleCategories)
    .values({ id: newId(), name, sortOrder: (last?.max ?? -1) + 1, createdAt: now, updatedAt: now })
    .returning();
  await writeAudit(db, {
    action: "module_category.create",
    actorUserId: options.caller.userId,
    targetType: "module_category",
    targetId: row!.id,
    metadata: { name },
    request: options.request,
  });
  return moduleCategoryView(row!);
}
