import { api } from "#shared/api/index.ts";
import { implement, type ServerFunction } from "../api/registry.ts";
import { getCurrentOrganization } from "./get-current-organization.ts";
import { getOrganizationUsage } from "./get-organization-usage.ts";
import { updateOrganization } from "./update-organization.ts";

/** organizations.*: the caller's organization; who may do what is in organization-access.ts. */
export const organizationFunctions: ServerFunction[] = [
  implement(api.organizations.getCurrent, async (ctx) => getCurrentOrganization(ctx)),
  implement(api.organizations.update, async (ctx, args) => updateOrganization(ctx, args)),
  implement(api.organizations.getUsage, async (ctx) => getOrganizationUsage(ctx)),
];
