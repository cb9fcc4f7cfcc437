import type { AdminUserCreateArgs, AdminUserRow } from "#shared/schemas/admin-user.ts";
import type { FunctionCtx } from "../../api/context.ts";
import { writeAudit } from "../../auth/audit.ts";
import { createUser } from "../../users/create-user.ts";
import { assertEmailFree, requireOrganizationChoice } from "./user-rules.ts";
import { loadAdminUser } from "./user-view.ts";

/** A new account from /admin/users ("New user"); the email is unique ignoring case. */
export async function createAdminUser(
  ctx: FunctionCtx,
  args: AdminUserCreateArgs,
): Promise<AdminUserRow> {
  const organization = args.organizationId
    ? await requireOrganizationChoice(ctx.db, args.organizationId)
    : null;
  await assertEmailFree(ctx.db, args.email);
  const user = await createUser({
    db: ctx.db,
    email: args.email,
    password: args.password,
    firstName: args.firstName,
    lastName: args.lastName,
    organizationId: organization?.id ?? null,
    role: organization ? args.role : "Member",
    isSuperadmin: args.isSuperadmin,
  });
  await writeAudit(ctx.db, {
    action: "admin.user_create",
    organizationId: user.organizationId,
    actorUserId: ctx.user.userId,
    targetType: "user",
    targetId: user.id,
    metadata: {
      email: user.email,
      organizationId: user.organizationId,
      role: user.role,
      isSuperadmin: user.isSuperadmin,
    },
    request: ctx.request,
  });
  return (await loadAdminUser(ctx.db, user.id))!;
}
