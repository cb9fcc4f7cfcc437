import type { QueryClient } from "@tanstack/react-query";
import { notFound } from "@tanstack/react-router";
import * as modelsApi from "#shared/api/models.ts";
import * as modulesApi from "#shared/api/modules.ts";
import { STALE_TIME } from "#shared/constants.ts";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { meOptions } from "../../../lib/shared-queries.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

const fresh = { staleTime: STALE_TIME.modules };

/** /admin/modules: every module, archived ones on request (SPEC 7: listAdmin with showArchived). */
export const adminModulesOptions = (showArchived: boolean) =>
  liveQueryOptions(modulesApi.listAdmin, { showArchived }, fresh);

/** One module with every field (detail and edit form); null when there is none. */
export const adminModuleOptions = (moduleId: string) =>
  liveQueryOptions(modulesApi.getAdmin, { moduleId }, fresh);

/** A module's recent executions across organizations. */
export const adminExecutionsOptions = (moduleId: string) =>
  liveQueryOptions(modulesApi.listAdminExecutions, { moduleId, limit: 20 }, fresh);

export const moduleCategoriesOptions = () => liveQueryOptions(modulesApi.listCategories, {}, fresh);

export const organizationOptionsOptions = () =>
  liveQueryOptions(modulesApi.listOrganizationOptions, {}, fresh);

/** The models a built-in module may use (those this server offers). */
export const moduleModelsOptions = () => liveQueryOptions(modelsApi.list, {});

export const slugCheckOptions = (slug: string, moduleId: string | undefined) =>
  liveQueryOptions(modulesApi.checkSlug, moduleId ? { slug, moduleId } : { slug });

/**
 * The admin pages are superadmins' (SPEC 6): anyone else finds no such page,
 * as on /admin/prompts.
 */
async function requireSuperadmin(queryClient: QueryClient): Promise<boolean> {
  const me = await ignoreAuthRequired(queryClient.ensureQueryData(meOptions()));
  if (!me) return false;
  if (!me.isSuperadmin) throw notFound();
  return true;
}

export async function preloadAdminModules(queryClient: QueryClient): Promise<void> {
  if (!(await requireSuperadmin(queryClient))) return;
  await ignoreAuthRequired(queryClient.ensureQueryData(adminModulesOptions(false)));
}

/** The form's choices: categories, organizations and models. */
export async function preloadModuleForm(
  queryClient: QueryClient,
  moduleId?: string,
): Promise<void> {
  if (!(await requireSuperadmin(queryClient))) return;
  await ignoreAuthRequired(
    Promise.all([
      queryClient.ensureQueryData(moduleCategoriesOptions()),
      queryClient.ensureQueryData(organizationOptionsOptions()),
      queryClient.ensureQueryData(moduleModelsOptions()),
      moduleId ? queryClient.ensureQueryData(adminModuleOptions(moduleId)) : null,
    ]),
  );
}

export async function preloadAdminModule(queryClient: QueryClient, moduleId: string) {
  if (!(await requireSuperadmin(queryClient))) return;
  await ignoreAuthRequired(
    Promise.all([
      queryClient.ensureQueryData(adminModuleOptions(moduleId)),
      queryClient.ensureQueryData(adminExecutionsOptions(moduleId)),
    ]),
  );
}
