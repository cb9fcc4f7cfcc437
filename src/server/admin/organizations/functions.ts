import { api } from "#shared/api/index.ts";
import { implement, type ServerFunction } from "../../api/registry.ts";
import {
  restoreOrganization,
  suspendOrganization,
  updateAdminOrganization,
} from "./change-organization.ts";
import { createAdminOrganization } from "./create-admin-organization.ts";
import { listAdminOrganizations } from "./organization-rows.ts";

/**
 * admin.organizations.*: superadmins only (the contracts' access, checked
 * before any handler runs). The list reads across organizations, so it is
 * live on the global scope. create commits before it emails the invitation.
 */
export const adminOrganizationFunctions: ServerFunction[] = [
  implement(
    api.admin.organizations.list,
    async (ctx, args) =>
      listAdminOrganizations(ctx.db, ctx.services.database, args.search || undefined),
    { liveScope: "global" },
  ),
  implement(
    api.admin.organizations.create,
    async (ctx, args) => createAdminOrganization(ctx, args),
    {
      ownTransaction: true,
    },
  ),
  implement(api.admin.organizations.update, async (ctx, args) =>
    updateAdminOrganization(ctx, args),
  ),
  implement(api.admin.organizations.suspend, async (ctx, args) => suspendOrganization(ctx, args)),
  implement(api.admin.organizations.restore, async (ctx, args) => restoreOrganization(ctx, args)),
];
