import { and, eq, gt, isNull } from "drizzle-orm";
import { AppError } from "#shared/errors.ts";
import type { FunctionCtx } from "../api/context.ts";
import { writeAudit } from "../auth/audit.ts";
import type { Executor } from "../db/database.ts";
import { invitations, organizations, users } from "../db/schema.ts";
import { notify } from "../notifications/notify.ts";
import { INVITATION_REFUSALS } from "./invitation-lookup.ts";
import type { InvitationRow } from "./invitation-view.ts";

/**
 * An account removed from its organization (members.remove): no organization,
 * disabled, not a superadmin. An invitation to its address gives it a new start.
 */
export function isRemovedAccount(
  user: Pick<typeof users.$inferSelect, "organizationId" | "disabled" | "isSuperadmin">,
): boolean {
  return user.organizationId === null && user.disabled && !user.isSuperadmin;
}

/**
 * Mark the invitation used by `userId`, exactly once: of two acceptances at
 * the same moment, the second is refused.
 */
export async function claimInvitation(
  ctx: FunctionCtx,
  tx: Executor,
  invitation: InvitationRow,
  userId: string,
): Promise<void> {
  // A suspended organization takes nobody in (decision 026); the share lock orders this
  // against a suspension in flight.
  const [organization] = await tx
    .select({ name: organizations.name, suspendedAt: organizations.suspendedAt })
    .from(organizations)
    .where(eq(organizations.id, invitation.organizationId))
    .for("share");
  if (organization?.suspendedAt) {
    throw new AppError(
      "FORBIDDEN",
      `The organization "${organization.name}" is suspended, so its invitations cannot be accepted for now.`,
      { reason: "organization_suspended" },
    );
  }
  const now = new Date();
  const claimed = await tx
    .update(invitations)
    .set({ acceptedAt: now, acceptedBy: userId, updatedAt: now })
    .where(
      and(
        eq(invitations.id, invitation.id),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .returning({ id: invitations.id });
  if (claimed.length === 0) {
    throw new AppError("CONFLICT", INVITATION_REFUSALS.accepted, { reason: "accepted" });
  }
  await writeAudit(tx, {
    action: "invitation.accept",
    organizationId: invitation.organizationId,
    actorUserId: userId,
    targetType: "invitation",
    targetId: invitation.id,
    metadata: { email: invitation.email, role: invitation.role },
    request: ctx.request,
  });
  // The one who invited hears of it, if they are still an admin of the organization.
  if (invitation.invitedBy && invitation.invitedBy !== userId) {
    const [inviter] = await tx
      .select({ role: users.role, organizationId: users.organizationId })
      .from(users)
      .where(eq(users.id, invitation.invitedBy));
    if (
      inviter?.organizationId === invitation.organizationId &&
      inviter.role === "OrganizationAdmin"
    ) {
      await notify(tx, {
        organizationId: invitation.organizationId,
        userId: invitation.invitedBy,
        kind: "invitation.accepted",
        title: `${invitation.email} joined the organization`,
        link: "/account/organization",
        data: { invitationId: invitation.id },
      });
    }
  }
}
