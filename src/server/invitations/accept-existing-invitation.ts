import { eq } from "drizzle-orm";
import { AppError, conflict } from "#shared/errors.ts";
import type { FunctionCtx } from "../api/context.ts";
import { organizations, sessions, users } from "../db/schema.ts";
import { requireUsableInvitation, takeInvitationAttempt } from "./invitation-lookup.ts";
import { claimInvitation } from "./join-organization.ts";

/**
 * A signed-in account whose address the invitation names joins its
 * organization, if it belongs to none yet (an account belongs to one
 * organization).
 */
export async function acceptExistingInvitation(ctx: FunctionCtx, args: { token: string }) {
  const caller = ctx.user;
  const attempt = await takeInvitationAttempt(ctx.db, ctx.request.ip);
  const invitation = await requireUsableInvitation(ctx.db, args.token);
  const [me] = await ctx.db.select().from(users).where(eq(users.id, caller.userId));
  const [org] = await ctx.db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, invitation.organizationId));
  if (!me || !org) throw conflict("This invitation can no longer be used.");
  if (me.email.toLowerCase() !== invitation.email.toLowerCase()) {
    throw new AppError(
      "FORBIDDEN",
      `This invitation is for ${invitation.email}, but you are signed in as ${me.email}. Sign out and open the link again.`,
      { reason: "email_mismatch" },
    );
  }
  if (me.organizationId === invitation.organizationId) {
    throw new AppError("CONFLICT", `You are already a member of ${org.name}.`, {
      reason: "already_member",
    });
  }
  if (me.organizationId) {
    throw new AppError(
      "CONFLICT",
      "Your account already belongs to another organization, and an account belongs to one organization. Ask to be invited with another address.",
      { reason: "has_organization" },
    );
  }
  await attempt.succeeded();
  await ctx.transaction(async (tx) => {
    await claimInvitation(ctx, tx, invitation, me.id);
    await tx
      .update(users)
      .set({ organizationId: org.id, role: invitation.role, updatedAt: new Date() })
      .where(eq(users.id, me.id));
    await tx.update(sessions).set({ organizationId: org.id }).where(eq(sessions.userId, me.id));
  });
  return { organizationId: org.id, organizationName: org.name };
}
