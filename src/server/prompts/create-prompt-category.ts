import { and, eq, isNull, sql } from "drizzle-orm";
import { AppError, conflict, forbidden } from "#shared/errors.ts";
import type { PromptCategory } from "#shared/schemas/prompt.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { promptCategories } from "../db/schema.ts";
import { newId } from "../ids.ts";
import { requireOrganizationAdmin } from "../organizations/organization-access.ts";
import { categoryView } from "./prompt-category-access.ts";

export interface CreatePromptCategoryOptions {
  db: Executor;
  caller: Identity;
  name: string;
  global: boolean;
}

/** A new category of the caller's organization, or a global one (superadmins). */
export async function createPromptCategory(
  options: CreatePromptCategoryOptions,
): Promise<PromptCategory> {
  const { db, caller, name } = options;
  const organizationId = newCategoryOrganization(caller, options.global);
  const [taken] = await db
    .select({ id: promptCategories.id })
    .from(promptCategories)
    .where(
      and(
        organizationId === null
          ? isNull(promptCategories.organizationId)
          : eq(promptCategories.organizationId, organizationId),
        sql`lower(${promptCategories.name}) = lower(${name})`,
      ),
    );
  if (taken) throw conflict(`A category named "${name}" already exists.`);
  const now = new Date();
  const [row] = await db
    .insert(promptCategories)
    .values({ id: newId(), organizationId, name, createdAt: now, updatedAt: now })
    .returning();
  return categoryView(row!);
}

function newCategoryOrganization(caller: Identity, global: boolean): string | null {
  if (global) {
    if (!caller.isSuperadmin) throw forbidden("Only superadmins can create global categories.");
    return null;
  }
  if (caller.isSuperadmin && !caller.organizationId) {
    throw new AppError(
      "FORBIDDEN",
      "Your account does not belong to an organization; create a global category instead.",
    );
  }
  return requireOrganizationAdmin(caller, "create categories");
}
