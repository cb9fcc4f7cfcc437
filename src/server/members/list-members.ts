import type { Member } from "#shared/schemas/organization.ts";
import type { FunctionCtx } from "../api/context.ts";
import { requireOrganization } from "../organizations/organization-access.ts";
import { loadMembers } from "./member-view.ts";

/** Everyone in the caller's organization; live as people join, leave or sign in. */
export async function listMembers(ctx: FunctionCtx): Promise<Member[]> {
  const organizationId = requireOrganization(ctx.user);
  return loadMembers(ctx.db, ctx.user, organizationId);
}
