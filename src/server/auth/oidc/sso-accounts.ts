import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { AppError } from "#shared/errors.ts";
import type { FunctionCtx } from "../../api/context.ts";
import { invitations, organizationEmailDomains, users } from "../../db/schema.ts";
import { newId } from "../../ids.ts";
import { claimInvitation, isRemovedAccount } from "../../invitations/join-organization.ts";
import { writeAudit } from "../audit.ts";
import { signInPolicyOf, type UserRow } from "../sign-in-gate.ts";
import type { OidcProviderConfig } from "./oidc-config.ts";

/** What a provider's checked ID token said about the person. */
export interface SsoClaims {
  sub: string;
  email?: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
  name?: string;
}

/**
 * The account single sign-on signs in (decision 030): the user with the provider's
 * verified email; else a new one, only when they hold a pending invitation (its
 * organization and role) or their email's domain is allowed by an organization (its
 * default role for single sign-on). Anything else is refused with the reason, and nothing
 * is created.
 */
export async function resolveSsoAccount(
  ctx: FunctionCtx,
  provider: OidcProviderConfig,
  claims: SsoClaims,
): Promise<UserRow> {
  const db = ctx.services.database.db;
  const email = claims.email?.trim().toLowerCase();
  const refuse = async (reason: string, message: string, organizationId?: string | null) => {
    await writeAudit(db, {
      action: "auth.sso_refused",
      organizationId: organizationId ?? null,
      metadata: { provider: provider.id, reason, email: email ?? null, sub: claims.sub },
      request: ctx.request,
    });
    return new AppError("FORBIDDEN", message, { reason: `sso_${reason}` });
  };
  if (!email?.includes("@")) {
    throw await refuse(
      "no_email",
      `${provider.name} did not tell us your email address, so we cannot find your account. Ask your administrator to release the email claim to ${ctx.services.config.appName}.`,
    );
  }
  if (!claims.emailVerified) {
    throw await refuse(
      "email_unverified",
      `${provider.name} has not verified your email address (${email}). Verify it there first, or sign in another way.`,
    );
  }
  const [existing] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
  if (existing && !isRemovedAccount(existing)) return existing;

  const [invitation] = await db
    .select()
    .from(invitations)
    .where(
      and(
        sql`lower(${invitations.email}) = ${email}`,
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(invitations.createdAt))
    .limit(1);
  const domain = email.slice(email.lastIndexOf("@") + 1);
  const [allowed] = invitation
    ? []
    : await db
        .select({ organizationId: organizationEmailDomains.organizationId })
        .from(organizationEmailDomains)
        .where(eq(organizationEmailDomains.domain, domain));
  if (!invitation && !allowed) {
    throw await refuse(
      "not_allowed",
      existing
        ? "Your account is no longer part of an organization here. Ask an administrator for a new invitation."
        : `There is no account for ${email} here, and no organization has allowed sign-in for ${domain} addresses. Ask your administrator for an invitation.`,
    );
  }
  const organizationId = invitation?.organizationId ?? allowed!.organizationId;
  const role = invitation?.role ?? (await signInPolicyOf(db, organizationId)).defaultRole;
  const [firstName, lastName] = namesOf(claims, email);

  return ctx.transaction(async (tx) => {
    const fields = { firstName, lastName, organizationId, role, disabled: false };
    const user = existing
      ? (
          await tx
            .update(users)
            .set({ ...fields, updatedAt: new Date() })
            .where(eq(users.id, existing.id))
            .returning()
        )[0]!
      : (
          await tx
            .insert(users)
            .values({ id: newId(), email, passwordHash: null, isSuperadmin: false, ...fields })
            .returning()
        )[0]!;
    if (invitation) await claimInvitation(ctx, tx, invitation, user.id);
    await writeAudit(tx, {
      action: "auth.sso_account_created",
      organizationId,
      actorUserId: user.id,
      targetType: "user",
      targetId: user.id,
      metadata: {
        provider: provider.id,
        via: invitation ? "invitation" : "allowed_domain",
        role,
        sub: claims.sub,
      },
      request: ctx.request,
    });
    return user;
  });
}

function namesOf(claims: SsoClaims, email: string): [string, string] {
  const given = claims.givenName?.trim();
  const family = claims.familyName?.trim();
  if (given || family) return [given || email.split("@")[0]!, family ?? ""];
  const parts = (claims.name ?? "").trim().split(/\s+/).filter(Boolean);
  if (parts.length > 0) return [parts[0]!, parts.slice(1).join(" ")];
  return [email.split("@")[0]!, ""];
}
