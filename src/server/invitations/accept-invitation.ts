import { eq } from "drizzle-orm";
import type { Tokens } from "#shared/api/auth.ts";
import { AppError } from "#shared/errors.ts";
import type { FunctionCtx } from "../api/context.ts";
import { writeAudit } from "../auth/audit.ts";
import { hashPassword } from "../auth/passwords.ts";
import { users } from "../db/schema.ts";
import { createUser, findUserByEmail } from "../users/create-user.ts";
import { requireUsableInvitation, takeInvitationAttempt } from "./invitation-lookup.ts";
import { claimInvitation, isRemovedAccount } from "./join-organization.ts";

export interface AcceptInvitationArgs {
  token: string;
  firstName: string;
  lastName: string;
  password: string;
}

/**
 * A new person follows their link: their account is created in the
 * organization with the invited role and signed in (the same tokens as
 * auth.signIn). An address that already has an account signs in and uses
 * invitations.acceptExisting instead; an account removed earlier starts anew.
 */
export async function acceptInvitation(
  ctx: FunctionCtx,
  args: AcceptInvitationArgs,
): Promise<Tokens> {
  const attempt = await takeInvitationAttempt(ctx.db, ctx.request.ip);
  const invitation = await requireUsableInvitation(ctx.db, args.token);
  const existing = await findUserByEmail(ctx.db, invitation.email);
  if (existing && !isRemovedAccount(existing)) {
    throw new AppError(
      "CONFLICT",
      "An account with this email address already exists. Sign in to accept the invitation.",
      { reason: "account_exists" },
    );
  }
  await attempt.succeeded();
  const passwordHash = existing ? await hashPassword(args.password) : undefined;
  return ctx.transaction(async (tx) => {
    const fields = {
      firstName: args.firstName,
      lastName: args.lastName,
      organizationId: invitation.organizationId,
      role: invitation.role,
    };
    const user = existing
      ? (
          await tx
            .update(users)
            .set({ ...fields, passwordHash, disabled: false, updatedAt: new Date() })
            .where(eq(users.id, existing.id))
            .returning()
        )[0]!
      : await createUser({ db: tx, email: invitation.email, password: args.password, ...fields });
    await claimInvitation(ctx, tx, invitation, user.id);
    const tokens = await ctx.services.auth.createSession(tx, user, ctx.request);
    await tx.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, user.id));
    await writeAudit(tx, {
      action: "auth.sign_in",
      organizationId: invitation.organizationId,
      actorUserId: user.id,
      metadata: { via: "invitation" },
      request: ctx.request,
    });
    return tokens;
  });
}
