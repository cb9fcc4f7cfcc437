import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { invitations } from "../db/schema.ts";
import { newId } from "../ids.ts";
import { hashInvitationToken, newInvitationToken } from "../invitations/invitation-tokens.ts";
import { createUser, findUserByEmail } from "../users/create-user.ts";
import type { DemoContext } from "./demo-context.ts";

const SECOND_MEMBER = {
  email: "paralegal@demo.example.com",
  firstName: "Priya",
  lastName: "Patel",
};
const INVITED = "new.associate@demo.example.com";

/**
 * The organization page's demo: a second member and a pending invitation
 * (its link is unknown, as only its hash is kept: "Copy new link" makes one).
 */
export async function seedDemoOrganization(ctx: DemoContext, password: string): Promise<void> {
  const { db, organizationId } = ctx;
  if (!(await findUserByEmail(db, SECOND_MEMBER.email))) {
    await createUser({ db, ...SECOND_MEMBER, password, organizationId, role: "Member" });
  }
  const pending = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        sql`lower(${invitations.email}) = ${INVITED}`,
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    );
  if (pending.length === 0) {
    await db.insert(invitations).values({
      id: newId(),
      organizationId,
      email: INVITED,
      role: "Member",
      tokenHash: hashInvitationToken(newInvitationToken()),
      invitedBy: ctx.userIds.admin,
      expiresAt: new Date(Date.now() + 6 * 86_400_000),
    });
  }
}
