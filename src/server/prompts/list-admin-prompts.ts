import { asc, eq, isNull, sql } from "drizzle-orm";
import type { AdminPrompt } from "#shared/schemas/prompt.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { organizations, promptCategories, prompts } from "../db/schema.ts";
import { promptView } from "./prompt-view.ts";

export interface ListAdminPromptsOptions {
  db: Executor;
  caller: Identity;
  showArchived: boolean;
}

/** Every prompt of every organization (and the global ones first), for superadmins. */
export async function listAdminPrompts(options: ListAdminPromptsOptions): Promise<AdminPrompt[]> {
  const rows = await options.db
    .select({
      prompt: prompts,
      organizationName: organizations.name,
      category: promptCategories.name,
    })
    .from(prompts)
    .leftJoin(organizations, eq(organizations.id, prompts.organizationId))
    .leftJoin(promptCategories, eq(promptCategories.id, prompts.categoryId))
    .where(options.showArchived ? undefined : isNull(prompts.archivedAt))
    .orderBy(
      sql`${organizations.name} nulls first`,
      asc(prompts.sortOrder),
      sql`lower(${prompts.title})`,
      asc(prompts.id),
    );
  return rows.map(({ prompt, organizationName, category }) => ({
    ...promptView(prompt, options.caller, category),
    // Superadmins manage every prompt here.
    canEdit: true,
    organizationId: prompt.organizationId,
    organizationName,
    archivedAt: prompt.archivedAt?.getTime() ?? null,
  }));
}
