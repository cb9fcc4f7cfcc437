import { desc, eq, sql } from "drizzle-orm";
import type { Invitation } from "#shared/schemas/organization.ts";
import type { FunctionCtx } from "../api/context.ts";
import { invitations, users } from "../db/schema.ts";
import { requireOrganizationAdmin } from "../organizations/organization-access.ts";
import { invitationView } from "./invitation-view.ts";

/** The organization's invitations, newest first (admins). */
export async function listInvitations(ctx: FunctionCtx): Promise<Invitation[]> {
  const organizationId = requireOrganizationAdmin(ctx.user, "see invitations");
  const rows = await ctx.db
    .select({
      invitation: invitations,
      inviter: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
    })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(eq(invitations.organizationId, organizationId))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(500);
  return rows.map((row) => invitationView(row.invitation, row.inviter));
}
