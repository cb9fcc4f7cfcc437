import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { notFound } from "#shared/errors.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { moduleOrganizations, modules } from "../db/schema.ts";
import { isUuid } from "../ids.ts";

/**
 * Who may see and run which module (decision 018). Superadmins define
 * modules; a member sees one when it is active, not archived, and either
 * limited to no organization (offered to all) or limited to theirs. A module
 * the caller may not run, or an id that is not an id at all, is "not found",
 * exactly like a missing one, so other organizations' modules leak nothing.
 */

export type ModuleRow = typeof modules.$inferSelect;

/** A module is offered to an organization: limited to none, or to it among others. */
export function offeredTo(organizationId: string): SQL {
  return sql`(not exists (select 1 from ${moduleOrganizations} where ${moduleOrganizations.moduleId} = ${modules.id})
    or exists (select 1 from ${moduleOrganizations} where ${moduleOrganizations.moduleId} = ${modules.id} and ${moduleOrganizations.organizationId} = ${organizationId}))`;
}

/**
 * The modules a caller may see and run: active, not archived, offered to
 * their organization. A caller without an organization runs none (its runs
 * and drafts would belong nowhere).
 */
export function runnableModules(caller: Identity): SQL {
  if (!caller.organizationId) return sql`false`;
  return and(
    eq(modules.isActive, true),
    isNull(modules.archivedAt),
    offeredTo(caller.organizationId),
  )!;
}

/** A module the caller may run, by id or by slug; NOT_FOUND otherwise. */
export async function requireRunnableModule(
  db: Executor,
  caller: Identity,
  by: { moduleId: string } | { slug: string },
): Promise<ModuleRow> {
  const row = await findRunnableModule(db, caller, by);
  if (!row) throw notFound("Module");
  return row;
}

/** A module the caller may run, by id or by slug; undefined otherwise. */
export async function findRunnableModule(
  db: Executor,
  caller: Identity,
  by: { moduleId: string } | { slug: string },
): Promise<ModuleRow | undefined> {
  if ("moduleId" in by && !isUuid(by.moduleId)) return undefined;
  const [row] = await db
    .select()
    .from(modules)
    .where(
      and(
        "moduleId" in by ? eq(modules.id, by.moduleId) : eq(modules.slug, by.slug),
        runnableModules(caller),
      ),
    )
    .limit(1);
  return row;
}
