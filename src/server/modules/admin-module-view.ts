import { asc, count, eq, inArray, max, type SQL, sql } from "drizzle-orm";
import type { AdminModule } from "#shared/schemas/module.ts";
import type { Executor } from "../db/database.ts";
import {
  moduleCategories,
  moduleExecutions,
  moduleOrganizations,
  modules,
  organizations,
} from "../db/schema.ts";
import type { ModuleRow } from "./module-access.ts";
import { moduleView } from "./module-view.ts";

/**
 * Modules as /admin/modules shows them: every field of the form, the
 * organizations each is limited to, and how often it ran. Never the webhook
 * secret itself, only whether there is one.
 */
export async function loadAdminModules(
  db: Executor,
  where: SQL | undefined,
): Promise<AdminModule[]> {
  const rows = await db
    .select({ module: modules, category: moduleCategories.name })
    .from(modules)
    .leftJoin(moduleCategories, eq(moduleCategories.id, modules.categoryId))
    .where(where)
    .orderBy(sql`lower(${modules.name})`, asc(modules.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.module.id);
  // One after the other: in a mutation these share one transaction's connection.
  const limits = await db
    .select({
      moduleId: moduleOrganizations.moduleId,
      organizationId: organizations.id,
      name: organizations.name,
    })
    .from(moduleOrganizations)
    .innerJoin(organizations, eq(organizations.id, moduleOrganizations.organizationId))
    .where(inArray(moduleOrganizations.moduleId, ids))
    .orderBy(sql`lower(${organizations.name})`, asc(organizations.id));
  const stats = await db
    .select({
      moduleId: moduleExecutions.moduleId,
      runs: count(),
      lastAt: max(moduleExecutions.createdAt),
    })
    .from(moduleExecutions)
    .where(inArray(moduleExecutions.moduleId, ids))
    .groupBy(moduleExecutions.moduleId);
  return rows.map(({ module, category }) => {
    const limitedTo = limits.filter((l) => l.moduleId === module.id);
    const stat = stats.find((s) => s.moduleId === module.id);
    return adminModuleView(module, category, limitedTo, {
      runs: Number(stat?.runs ?? 0),
      lastAt: stat?.lastAt ? new Date(stat.lastAt).getTime() : null,
    });
  });
}

export function adminModuleView(
  row: ModuleRow,
  category: string | null,
  limitedTo: Array<{ organizationId: string; name: string }>,
  stats: { runs: number; lastAt: number | null },
): AdminModule {
  return {
    ...moduleView(row, category),
    n8nWorkflowId: row.n8nWorkflowId,
    endpointUrl: row.endpointUrl,
    technicalNotes: row.technicalNotes,
    isActive: row.isActive,
    promptTemplate: row.promptTemplate,
    modelId: row.modelId,
    organizationIds: limitedTo.map((l) => l.organizationId),
    organizationNames: limitedTo.map((l) => l.name),
    hasWebhookSecret: row.webhookSecret !== null,
    archivedAt: row.archivedAt?.getTime() ?? null,
    executionCount: stats.runs,
    lastExecutionAt: stats.lastAt,
  };
}

/** One module for the admin views; undefined when there is none. */
export async function loadAdminModule(
  db: Executor,
  moduleId: string,
): Promise<AdminModule | undefined> {
  const [found] = await loadAdminModules(db, eq(modules.id, moduleId));
  return found;
}
