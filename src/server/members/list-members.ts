import type { Member } from "#shared/schemas/organization.ts";
import type { ShareableMember } from "#shared/schemas/share.ts";
import type { FunctionCtx } from "../api/context.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { requireOrganization } from "../organizations/organization-access.ts";
import { loadMembers } from "./member-view.ts";

/** Everyone in the caller's organization; live as people join, leave or sign in. */
export async function listMembers(ctx: FunctionCtx): Promise<Member[]> {
  const organizationId = requireOrganization(ctx.user);
  return loadMembers(ctx.db, ctx.user, organizationId);
}

/**
 * Whom the caller may share with (shares.listShareableMembers): members.list's
 * query, narrowed to the active members other than the caller, by name; none
 * for a caller outside any organization.
 */
export async function listShareableMembers(
  db: Executor,
  caller: Pick<Identity, "userId" | "organizationId">,
): Promise<ShareableMember[]> {
  if (!caller.organizationId) return [];
  const members = await loadMembers(db, caller, caller.organizationId);
  return members
    .filter((member) => !member.disabled && !member.isMe)
    .map((member) => ({
      _id: member._id,
      name: `${member.firstName} ${member.lastName}`.trim() || member.email,
      email: member.email,
    }));
}
