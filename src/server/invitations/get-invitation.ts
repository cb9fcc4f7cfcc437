import { eq } from "drizzle-orm";
import type { InvitationPreview } from "#shared/schemas/organization.ts";
import type { Executor } from "../db/database.ts";
import { organizations } from "../db/schema.ts";
import { findUserByEmail } from "../users/create-user.ts";
import { findInvitationByToken } from "./invitation-lookup.ts";
import { invitationStatus } from "./invitation-view.ts";
import { isRemovedAccount } from "./join-organization.ts";

/**
 * What a link invites to (public): the organization's name, the address, the
 * role and whether that address already has an account; nothing else. A link
 * that no longer works says only why.
 */
export async function getInvitation(db: Executor, token: string): Promise<InvitationPreview> {
  const row = await findInvitationByToken(db, token);
  if (!row) return { status: "invalid" };
  const status = invitationStatus(row);
  if (status !== "pending") return { status };
  const [org] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, row.organizationId));
  const account = await findUserByEmail(db, row.email);
  return {
    status: "valid",
    organizationName: org?.name ?? "",
    email: row.email,
    role: row.role,
    accountExists: account !== undefined && !isRemovedAccount(account),
  };
}
