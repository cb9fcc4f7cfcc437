import { eq } from "drizzle-orm";
import type { Role } from "#shared/constants.ts";
import type { Member } from "#shared/schemas/organization.ts";
import type { FunctionCtx } from "../api/context.ts";
import { writeAudit } from "../auth/audit.ts";
import { users } from "../db/schema.ts";
import {
  assertKeepsAnAdmin,
  lockOrganization,
  requireOrganizationAdmin,
} from "../organizations/organization-access.ts";
import { loadMembers, requireMember } from "./member-view.ts";

/** Make a member an organization admin, or a member again (never the last admin). */
export async function setMemberRole(
  ctx: FunctionCtx,
  args: { userId: string; role: Role },
): Promise<Member> {
  const organizationId = requireOrganizationAdmin(ctx.user, "change members' roles");
  await lockOrganization(ctx.db, organizationId);
  const target = await requireMember(ctx.db, organizationId, args.userId);
  if (target.role !== args.role) {
    if (args.role === "Member") {
      await assertKeepsAnAdmin(ctx.db, { organizationId, userId: target.id, change: "demote" });
    }
    await ctx.db
      .update(users)
      .set({ role: args.role, updatedAt: new Date() })
      .where(eq(users.id, target.id));
    await writeAudit(ctx.db, {
      action: "member.role_set",
      organizationId,
      actorUserId: ctx.user.userId,
      targetType: "user",
      targetId: target.id,
      metadata: { from: target.role, to: args.role },
      request: ctx.request,
    });
  }
  const [member] = await loadMembers(ctx.db, ctx.user, organizationId, target.id);
  return member!;
}
