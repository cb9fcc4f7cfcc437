import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Role } from "#shared/constants.ts";
import { INVITATION_TTL_DAYS, type InvitationOutcome } from "#shared/schemas/organization.ts";
import type { FunctionCtx } from "../api/context.ts";
import { writeAudit } from "../auth/audit.ts";
import type { Executor } from "../db/database.ts";
import { invitations, organizations, users } from "../db/schema.ts";
import { newId } from "../ids.ts";
import {
  lockOrganization,
  requireOrganizationAdmin,
} from "../organizations/organization-access.ts";
import { deliverInvitations, type NewLink } from "./deliver-invitations.ts";
import { hashInvitationToken, newInvitationToken } from "./invitation-tokens.ts";

export const invitationExpiry = (from = Date.now()) =>
  new Date(from + INVITATION_TTL_DAYS * 86_400_000);

/** The organization's name and the caller's name, for the email. */
export async function invitationContext(db: Executor, organizationId: string, userId: string) {
  const [org] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const [me] = await db
    .select({ first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  const inviterName = me ? `${me.first} ${me.last}`.trim() || null : null;
  return { organizationName: org?.name ?? "your organization", inviterName };
}

/**
 * Invite each distinct address (ignoring case) that is neither a member nor
 * already invited; one answer per distinct address, in the order given.
 */
export async function createInvitations(
  ctx: FunctionCtx,
  args: { emails: string[]; role: Role },
): Promise<InvitationOutcome[]> {
  const caller = ctx.user;
  const organizationId = requireOrganizationAdmin(caller, "invite people");
  const distinct = new Map<string, string>();
  for (const email of args.emails) {
    const key = email.toLowerCase();
    if (!distinct.has(key)) distinct.set(key, email);
  }
  const keys = [...distinct.keys()];

  const { answers, links } = await ctx.transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    const members = await tx
      .select({ email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(
        and(eq(users.organizationId, organizationId), inArray(sql`lower(${users.email})`, keys)),
      );
    const pending = await tx
      .select({ email: sql<string>`lower(${invitations.email})` })
      .from(invitations)
      .where(
        and(
          eq(invitations.organizationId, organizationId),
          inArray(sql`lower(${invitations.email})`, keys),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
          gt(invitations.expiresAt, new Date()),
        ),
      );
    const isMember = new Set(members.map((m) => m.email));
    const isInvited = new Set(pending.map((p) => p.email));
    const answers = new Map<string, InvitationOutcome>();
    const links: NewLink[] = [];
    for (const [key, email] of distinct) {
      if (isMember.has(key) || isInvited.has(key)) {
        answers.set(key, {
          email,
          status: isMember.has(key) ? "alreadyMember" : "alreadyInvited",
          invitationId: null,
          link: null,
          emailed: false,
          message: isMember.has(key)
            ? "Already a member of the organization."
            : "Already invited; resend the pending invitation instead.",
        });
        continue;
      }
      const token = newInvitationToken();
      const invitationId = newId();
      await tx.insert(invitations).values({
        id: invitationId,
        organizationId,
        email,
        role: args.role,
        tokenHash: hashInvitationToken(token),
        invitedBy: caller.userId,
        expiresAt: invitationExpiry(),
      });
      await writeAudit(tx, {
        action: "invitation.create",
        organizationId,
        actorUserId: caller.userId,
        targetType: "invitation",
        targetId: invitationId,
        metadata: { email, role: args.role },
        request: ctx.request,
      });
      links.push({ invitationId, email, role: args.role, token });
    }
    return { answers, links };
  });

  const context = await invitationContext(ctx.db, organizationId, caller.userId);
  for (const outcome of await deliverInvitations(ctx, links, context)) {
    answers.set(outcome.email.toLowerCase(), outcome);
  }
  return keys.map((key) => answers.get(key)!);
}
