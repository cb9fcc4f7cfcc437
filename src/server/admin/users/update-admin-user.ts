import { eq } from "drizzle-orm";
import type { AdminUserRow, AdminUserUpdateArgs } from "#shared/schemas/admin-user.ts";
import type { FunctionCtx } from "../../api/context.ts";
import { writeAudit } from "../../auth/audit.ts";
import { hashPassword } from "../../auth/passwords.ts";
import { users } from "../../db/schema.ts";
import {
  assertEmailFree,
  assertKeepsASuperadmin,
  assertOrganizationKeepsAnAdmin,
  assertOwnsNothingIn,
  requireOrganizationChoice,
} from "./user-rules.ts";
import { loadAdminUser, requireUserForUpdate } from "./user-view.ts";

type Change = { from: unknown; to: unknown };

/**
 * SPEC 5's "User edit" (decision 025). A text field left empty keeps what is
 * stored; a new password ends the user's other sessions; a move to another
 * organization ends all of them (what their open pages show belongs to the
 * organization they left). The audit line names each field that changed,
 * never a password.
 */
export async function updateAdminUser(
  ctx: FunctionCtx,
  args: AdminUserUpdateArgs,
): Promise<AdminUserRow> {
  const db = ctx.db;
  const target = await requireUserForUpdate(db, args.userId);

  const organizationId = args.organizationId || null;
  const next = {
    firstName: args.firstName || target.firstName,
    lastName: args.lastName || target.lastName,
    email: args.email || target.email,
    organizationId,
    role: organizationId ? args.role : ("Member" as const),
    isSuperadmin: args.isSuperadmin,
  };
  const changes: Record<string, Change> = {};
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    if (next[key] !== target[key]) changes[key] = { from: target[key], to: next[key] };
  }
  const moved = "organizationId" in changes;

  if (changes.email && next.email.toLowerCase() !== target.email.toLowerCase()) {
    await assertEmailFree(db, next.email, target.id);
  }
  if (moved && organizationId) await requireOrganizationChoice(db, organizationId);
  if (changes.isSuperadmin && !next.isSuperadmin) {
    await assertKeepsASuperadmin(db, target, "demote");
  }
  if (moved || changes.role) await assertOrganizationKeepsAnAdmin(db, target, "demote");
  if (moved) await assertOwnsNothingIn(db, target);

  const passwordChanged = args.newPassword !== "";
  if (Object.keys(changes).length === 0 && !passwordChanged) {
    return (await loadAdminUser(db, target.id))!;
  }
  await db
    .update(users)
    .set({
      ...next,
      ...(passwordChanged ? { passwordHash: await hashPassword(args.newPassword) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, target.id));

  // The caller keeps the session they are using when they edit themselves.
  const keep = target.id === ctx.user.userId ? ctx.user.sessionId : undefined;
  if (moved) {
    await ctx.services.auth.revokeUserSessions(db, target.id, "moved_by_admin", keep);
  } else if (passwordChanged) {
    await ctx.services.auth.revokeUserSessions(db, target.id, "password_set_by_admin", keep);
  }
  await writeAudit(db, {
    action: "admin.user_update",
    organizationId: next.organizationId ?? target.organizationId,
    actorUserId: ctx.user.userId,
    targetType: "user",
    targetId: target.id,
    metadata: { changes, passwordChanged },
    request: ctx.request,
  });
  return (await loadAdminUser(db, target.id))!;
}
