import { eq } from "drizzle-orm";
import { conflict } from "#shared/errors.ts";
import type { InvitationOutcome } from "#shared/schemas/organization.ts";
import type { FunctionCtx } from "../api/context.ts";
import { writeAudit } from "../auth/audit.ts";
import { invitations } from "../db/schema.ts";
import { requireOrganizationAdmin } from "../organizations/organization-access.ts";
import { invitationContext, invitationExpiry } from "./create-invitations.ts";
import { deliverInvitations } from "./deliver-invitations.ts";
import { hashInvitationToken, newInvitationToken } from "./invitation-tokens.ts";
import { invitationStatus, requireInvitation } from "./invitation-view.ts";

/**
 * A new link for a pending or expired invitation: a new token (the old link
 * stops working) and a new expiry, emailed when possible.
 */
export async function resendInvitation(
  ctx: FunctionCtx,
  args: { invitationId: string },
): Promise<InvitationOutcome> {
  const caller = ctx.user;
  const organizationId = requireOrganizationAdmin(caller, "resend invitations");
  const link = await ctx.transaction(async (tx) => {
    const row = await requireInvitation(tx, organizationId, args.invitationId);
    const status = invitationStatus(row);
    if (status === "accepted") throw conflict("This invitation has already been accepted.");
    if (status === "revoked") {
      throw conflict("This invitation was revoked. Invite the address again instead.");
    }
    const token = newInvitationToken();
    await tx
      .update(invitations)
      .set({
        tokenHash: hashInvitationToken(token),
        expiresAt: invitationExpiry(),
        updatedAt: new Date(),
      })
      .where(eq(invitations.id, row.id));
    await writeAudit(tx, {
      action: "invitation.resend",
      organizationId,
      actorUserId: caller.userId,
      targetType: "invitation",
      targetId: row.id,
      metadata: { email: row.email },
      request: ctx.request,
    });
    return { invitationId: row.id, email: row.email, role: row.role, token };
  });
  const context = await invitationContext(ctx.db, organizationId, caller.userId);
  const [outcome] = await deliverInvitations(ctx, [link], context);
  return outcome!;
}
