import { and, count, eq } from "drizzle-orm";
import { notFound } from "#shared/errors.ts";
import type { Organization } from "#shared/schemas/organization.ts";
import type { FunctionCtx } from "../api/context.ts";
import { organizationSettings, organizations, users } from "../db/schema.ts";
import { canManageOrganization, requireOrganization } from "./organization-access.ts";

/** The caller's organization as the organization page shows it. */
export async function getCurrentOrganization(ctx: FunctionCtx): Promise<Organization> {
  const caller = ctx.user;
  const organizationId = requireOrganization(caller);
  ctx.dependsOnRow("organizations", organizationId);
  ctx.dependsOnRow("organization_settings", organizationId);
  const [row] = await ctx.db
    .select({
      id: organizations.id,
      name: organizations.name,
      slug: organizations.slug,
      defaultModelId: organizationSettings.defaultModelId,
    })
    .from(organizations)
    .leftJoin(organizationSettings, eq(organizationSettings.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId));
  if (!row) throw notFound("Your organization");
  // Membership: every change to the organization's users (a member joins or leaves).
  const [members] = await ctx.db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.disabled, false)));
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    defaultModelId: row.defaultModelId ?? null,
    memberCount: members?.n ?? 0,
    myRole: caller.role,
    canManage: canManageOrganization(caller),
    mailConfigured: ctx.services.config.mail !== undefined,
  };
}
