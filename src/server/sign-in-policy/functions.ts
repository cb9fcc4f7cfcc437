import { and, eq, inArray, ne } from "drizzle-orm";
import { api } from "#shared/api/index.ts";
import { AppError } from "#shared/errors.ts";
import type { SignInPolicy } from "#shared/schemas/sign-in-policy.ts";
import type { FunctionCtx } from "../api/context.ts";
import { implement, type ServerFunction } from "../api/registry.ts";
import { writeAudit } from "../auth/audit.ts";
import { signInPolicyOf } from "../auth/sign-in-gate.ts";
import { organizationEmailDomains, organizationSignInPolicies } from "../db/schema.ts";
import { requireOrganizationAdmin } from "../organizations/organization-access.ts";

/**
 * signInPolicy.*: an organization's sign-in rules, set by its admins on
 * /account/organization (decision 030): the email domains single sign-on may create
 * people for, their default role, and whether members must use single sign-on or two
 * factors. A domain belongs to at most one organization.
 */
async function readPolicy(ctx: FunctionCtx, organizationId: string): Promise<SignInPolicy> {
  const policy = await signInPolicyOf(ctx.db, organizationId);
  const domains = await ctx.db
    .select({ domain: organizationEmailDomains.domain })
    .from(organizationEmailDomains)
    .where(eq(organizationEmailDomains.organizationId, organizationId))
    .orderBy(organizationEmailDomains.domain);
  const providers = ctx.services.config.oidcProviders;
  return {
    allowedDomains: domains.map((d) => d.domain),
    defaultRole: policy.defaultRole,
    requireSso: policy.requireSso,
    requireTwoFactor: policy.requireTwoFactor,
    ssoConfigured: providers.length > 0,
    providers: providers.map((p) => p.name),
  };
}

export const signInPolicyFunctions: ServerFunction[] = [
  implement(api.signInPolicy.get, async (ctx) => {
    const organizationId = requireOrganizationAdmin(ctx.user, "see the sign-in settings");
    return readPolicy(ctx, organizationId);
  }),

  implement(api.signInPolicy.update, async (ctx, args) => {
    const organizationId = requireOrganizationAdmin(ctx.user, "change the sign-in settings");
    const before = await readPolicy(ctx, organizationId);
    if (args.requireSso && !before.ssoConfigured) {
      throw new AppError(
        "CONFLICT",
        "No single sign-on provider is configured on this server, so it cannot be required.",
        { reason: "sso_not_configured" },
      );
    }
    if (args.allowedDomains !== undefined) {
      const domains = [...new Set(args.allowedDomains)];
      if (domains.length > 0) {
        const taken = await ctx.db
          .select({ domain: organizationEmailDomains.domain })
          .from(organizationEmailDomains)
          .where(
            and(
              inArray(organizationEmailDomains.domain, domains),
              ne(organizationEmailDomains.organizationId, organizationId),
            ),
          );
        if (taken.length > 0) {
          throw new AppError(
            "CONFLICT",
            `${taken.map((t) => t.domain).join(", ")} ${taken.length === 1 ? "is" : "are"} already allowed by another organization.`,
            { reason: "domain_taken", domains: taken.map((t) => t.domain) },
          );
        }
      }
      await ctx.db
        .delete(organizationEmailDomains)
        .where(eq(organizationEmailDomains.organizationId, organizationId));
      if (domains.length > 0) {
        await ctx.db
          .insert(organizationEmailDomains)
          .values(domains.map((domain) => ({ domain, organizationId })));
      }
    }
    const changes = {
      ...(args.defaultRole !== undefined ? { defaultRole: args.defaultRole } : {}),
      ...(args.requireSso !== undefined ? { requireSso: args.requireSso } : {}),
      ...(args.requireTwoFactor !== undefined ? { requireTwoFactor: args.requireTwoFactor } : {}),
    };
    if (Object.keys(changes).length > 0) {
      await ctx.db
        .insert(organizationSignInPolicies)
        .values({ organizationId, ...changes })
        .onConflictDoUpdate({
          target: organizationSignInPolicies.organizationId,
          set: { ...changes, updatedAt: new Date() },
        });
    }
    await writeAudit(ctx.db, {
      action: "organization.sign_in_policy_update",
      organizationId,
      actorUserId: ctx.user.userId,
      targetType: "organization",
      targetId: organizationId,
      metadata: {
        ...changes,
        ...(args.allowedDomains ? { allowedDomains: args.allowedDomains } : {}),
      },
      request: ctx.request,
    });
    return readPolicy(ctx, organizationId);
  }),
];
