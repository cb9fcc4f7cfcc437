import { isNull } from "drizzle-orm";
import { api } from "#shared/api/index.ts";
import { implement, type ServerFunction } from "../api/registry.ts";
import { modules } from "../db/schema.ts";
import { isUuid } from "../ids.ts";
import { loadAdminModule, loadAdminModules } from "./admin-module-view.ts";
import { createModuleCategory } from "./create-module-category.ts";
import { listAdminExecutions } from "./list-admin-executions.ts";
import { getModuleBySlug, listModuleGroups } from "./list-module-groups.ts";
import { listOrganizationOptions } from "./list-organization-options.ts";
import { listModuleCategories } from "./module-categories.ts";
import { isSlugTaken } from "./module-form-checks.ts";
import { rotateModuleSecret } from "./rotate-module-secret.ts";
import { createModule, updateModule } from "./save-module.ts";
import { setModuleArchived } from "./set-module-archived.ts";

/**
 * modules.*: the catalogue members browse and its administration by
 * superadmins (decision 018). Who may run which module is decided in
 * module-access.ts; the superadmin-only functions say so in their contract.
 * Runs and executions: execution-functions.ts.
 *
 * Live: module and category rows belong to no organization (their changes
 * carry none), and limiting a module to organization B must also reach
 * organization A's members, who lose it. So every query here depends on the
 * whole tables it reads (`liveScope: "global"`): superadmins write these
 * tables rarely, and a re-run whose answer did not change sends nothing.
 */
const global = { liveScope: "global" } as const;

export const moduleFunctions: ServerFunction[] = [
  implement(
    api.modules.getModulesWithCategories,
    async (ctx) => listModuleGroups(ctx.db, ctx.user),
    global,
  ),

  implement(
    api.modules.getBySlug,
    async (ctx, args) => getModuleBySlug(ctx.db, ctx.user, args.slug),
    global,
  ),

  implement(api.modules.listCategories, async (ctx) => listModuleCategories(ctx.db), global),

  implement(api.modules.createCategory, async (ctx, args) =>
    createModuleCategory({ db: ctx.db, caller: ctx.user, request: ctx.request, name: args.name }),
  ),

  implement(
    api.modules.listOrganizationOptions,
    async (ctx) => listOrganizationOptions(ctx.db),
    global,
  ),

  implement(
    api.modules.listAdmin,
    async (ctx, args) =>
      loadAdminModules(ctx.db, args.showArchived ? undefined : isNull(modules.archivedAt)),
    global,
  ),

  implement(
    api.modules.getAdmin,
    async (ctx, args) =>
      isUuid(args.moduleId) ? ((await loadAdminModule(ctx.db, args.moduleId)) ?? null) : null,
    global,
  ),

  implement(
    api.modules.checkSlug,
    async (ctx, args) => ({ available: !(await isSlugTaken(ctx.db, args.slug, args.moduleId)) }),
    global,
  ),

  implement(api.modules.create, async (ctx, args) =>
    createModule({
      db: ctx.db,
      models: ctx.services.models,
      caller: ctx.user,
      request: ctx.request,
      form: args,
    }),
  ),

  implement(api.modules.update, async (ctx, { moduleId, ...form }) =>
    updateModule({
      db: ctx.db,
      models: ctx.services.models,
      caller: ctx.user,
      request: ctx.request,
      moduleId,
      form,
    }),
  ),

  implement(api.modules.rotateSecret, async (ctx, args) =>
    rotateModuleSecret({
      db: ctx.db,
      caller: ctx.user,
      request: ctx.request,
      moduleId: args.moduleId,
    }),
  ),

  implement(api.modules.archive, async (ctx, args) =>
    setModuleArchived({
      db: ctx.db,
      caller: ctx.user,
      request: ctx.request,
      moduleId: args.moduleId,
      archived: true,
    }),
  ),

  implement(api.modules.restore, async (ctx, args) =>
    setModuleArchived({
      db: ctx.db,
      caller: ctx.user,
      request: ctx.request,
      moduleId: args.moduleId,
      archived: false,
    }),
  ),

  implement(
    api.modules.listAdminExecutions,
    async (ctx, args) => {
      const executions = await listAdminExecutions({
        db: ctx.db,
        caller: ctx.user,
        moduleId: args.moduleId,
        limit: args.limit,
      });
      // Which drafts an execution wrote is settled by the execution's own row
      // (it changes when the run ends), so a draft streaming its text does not
      // re-run this list on every chunk; members' names by their rows.
      ctx.dependsOnRow("drafts", `module:${args.moduleId}`);
      for (const userId of new Set(executions.map((e) => e.userId))) {
        ctx.dependsOnRow("users", userId);
      }
      return executions;
    },
    global,
  ),
];
