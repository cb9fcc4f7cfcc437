import { eq } from "drizzle-orm";
import { conflict } from "#shared/errors.ts";
import type { Invitation } from "#shared/schemas/organization.ts";
import type { FunctionCtx } from "../api/context.ts";
import { writeAudit } from "../auth/audit.ts";
import { invitations } from "../db/schema.ts";
import { requireOrganizationAdmin } from "../organizations/organization-access.ts";
import { invitationStatus, invitationView, requireInvitation } from "./invitation-view.ts";

/** The invitation's link stops working; revoking twice is harmless. */
export async function revokeInvitation(
  ctx: FunctionCtx,
  args: { invitationId: string },
): Promise<Invitation> {
  const caller = ctx.user;
  const organizationId = requireOrganizationAdmin(caller, "revoke invitations");
  const row = await requireInvitation(ctx.db, organizationId, args.invitationId);
  const status = invitationStatus(row);
  if (status === "accepted") {
    throw conflict("This invitation has already been accepted. Remove the member instead.");
  }
  if (status === "revoked") return invitationView(row, null);
  const [revoked] = await ctx.db
    .update(invitations)
    .set({ revokedAt: new Date(), updatedAt: new Date() })
    .where(eq(invitations.id, row.id))
    .returning();
  await writeAudit(ctx.db, {
    action: "invitation.revoke",
    organizationId,
    actorUserId: caller.userId,
    targetType: "invitation",
    targetId: row.id,
    metadata: { email: row.email },
    request: ctx.request,
  });
  return invitationView(revoked!, null);
}
