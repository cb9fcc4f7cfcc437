import { eq } from "drizzle-orm";
import type { SignInResult } from "#shared/api/auth.ts";
import { AppError } from "#shared/errors.ts";
import type { Services } from "../api/context.ts";
import type { Executor } from "../db/database.ts";
import { organizationSignInPolicies, users } from "../db/schema.ts";
import { writeAudit } from "./audit.ts";
import { organizationSuspended, suspendedOrganizationOf } from "./auth-service.ts";
import type { RequestInfo } from "./identity.ts";
import { createChallenge, twoFactorState } from "./two-factor/two-factor-store.ts";

/** How the person proved who they are first. */
export type FirstFactor = "password" | "email_code" | "oidc";
export type UserRow = typeof users.$inferSelect;

export interface OrganizationSignInPolicy {
  defaultRole: "Member" | "OrganizationAdmin";
  requireSso: boolean;
  requireTwoFactor: boolean;
}

const DEFAULT_POLICY: OrganizationSignInPolicy = {
  defaultRole: "Member",
  requireSso: false,
  requireTwoFactor: false,
};

export async function signInPolicyOf(
  db: Executor,
  organizationId: string | null,
): Promise<OrganizationSignInPolicy> {
  if (!organizationId) return DEFAULT_POLICY;
  const [row] = await db
    .select()
    .from(organizationSignInPolicies)
    .where(eq(organizationSignInPolicies.organizationId, organizationId));
  return row ?? DEFAULT_POLICY;
}

export const SSO_REQUIRED_MESSAGE =
  "Your organization signs in with single sign-on. Use your organization's button above.";

/**
 * What follows a correct first factor (decision 030), for every sign-in method:
 * a disabled account is refused; an organization that requires single sign-on refuses
 * passwords and emailed codes (superadmins excepted, to keep a way in); a password or
 * emailed code then needs the second factor when the user has one, or its set-up when
 * the organization requires it; otherwise a session starts. Single sign-on leaves the
 * second factor to the identity provider.
 */
export async function finishSignIn(
  services: Services,
  user: UserRow,
  firstFactor: FirstFactor,
  request: RequestInfo,
  extra: { metadata?: Record<string, unknown> } = {},
): Promise<SignInResult> {
  const db = services.database.db;
  if (user.disabled) {
    await writeAudit(db, {
      action: "auth.sign_in_disabled",
      organizationId: user.organizationId,
      actorUserId: user.id,
      metadata: { via: firstFactor, ...extra.metadata },
      request,
    });
    throw new AppError("FORBIDDEN", "This account is disabled. Contact your administrator.");
  }
  // A suspended organization's members stop here, whatever the method (decision 026);
  // createSession checks again under a lock against a suspension in between.
  const suspended = await suspendedOrganizationOf(db, user);
  if (suspended) {
    await writeAudit(db, {
      action: "auth.sign_in_suspended",
      organizationId: user.organizationId,
      actorUserId: user.id,
      metadata: { via: firstFactor },
      request,
    });
    throw organizationSuspended(suspended);
  }
  const policy = await signInPolicyOf(db, user.organizationId);
  if (policy.requireSso && firstFactor !== "oidc" && !user.isSuperadmin) {
    await writeAudit(db, {
      action: "auth.sso_required",
      organizationId: user.organizationId,
      actorUserId: user.id,
      metadata: { via: firstFactor },
      request,
    });
    throw new AppError("FORBIDDEN", SSO_REQUIRED_MESSAGE, { reason: "sso_required" });
  }
  if (firstFactor !== "oidc") {
    const twoFactor = await twoFactorState(db, user.id);
    const purpose = twoFactor.enabled ? "verify" : policy.requireTwoFactor ? "setup" : undefined;
    if (purpose) {
      const challenge = await createChallenge(db, user.id, purpose, firstFactor);
      await writeAudit(db, {
        action: "auth.two_factor_challenge",
        organizationId: user.organizationId,
        actorUserId: user.id,
        metadata: { via: firstFactor, purpose },
        request,
      });
      return { twoFactor: { challenge, purpose } };
    }
  }
  return {
    tokens: await startSession(services, user, request, { via: firstFactor, ...extra.metadata }),
  };
}

/** A session for a user who passed every step; audit `auth.sign_in` with how. */
export async function startSession(
  services: Services,
  user: Pick<UserRow, "id" | "organizationId">,
  request: RequestInfo,
  metadata: Record<string, unknown>,
) {
  return services.database.db.transaction(async (tx) => {
    const tokens = await services.auth.createSession(tx, user, request);
    await tx.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, user.id));
    await writeAudit(tx, {
      action: "auth.sign_in",
      organizationId: user.organizationId,
      actorUserId: user.id,
      metadata,
      request,
    });
    return tokens;
  });
}
