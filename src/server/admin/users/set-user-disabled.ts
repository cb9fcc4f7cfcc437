import { and, eq, isNull } from "drizzle-orm";
import { conflict } from "#shared/errors.ts";
import type { AdminUserRow } from "#shared/schemas/admin-user.ts";
import type { FunctionCtx } from "../../api/context.ts";
import { writeAudit } from "../../auth/audit.ts";
import { sessions, users } from "../../db/schema.ts";
import {
  assertKeepsASuperadmin,
  assertOrganizationKeepsAnAdmin,
  CANNOT_DISABLE_YOURSELF,
} from "./user-rules.ts";
import { loadAdminUser, requireUserForUpdate } from "./user-view.ts";

/**
 * Disable a user (their sessions end at once: every open socket of theirs gets
 * `auth_error`, and sign-in is refused) or enable them again.
 */
export async function setUserDisabled(
  ctx: FunctionCtx,
  args: { userId: string; disabled: boolean },
): Promise<AdminUserRow> {
  const db = ctx.db;
  const target = await requireUserForUpdate(db, args.userId);
  if (target.disabled === args.disabled) return (await loadAdminUser(db, target.id))!;
  if (args.disabled) {
    if (target.id === ctx.user.userId) throw conflict(CANNOT_DISABLE_YOURSELF);
    await assertKeepsASuperadmin(db, target, "disable");
    await assertOrganizationKeepsAnAdmin(db, target, "disable");
  } else if (!target.organizationId && !target.isSuperadmin) {
    throw conflict(
      "This account belongs to no organization. Choose its organization on its page first, then enable it.",
    );
  }
  await db
    .update(users)
    .set({ disabled: args.disabled, updatedAt: new Date() })
    .where(eq(users.id, target.id));
  if (args.disabled) {
    await ctx.services.auth.revokeUserSessions(db, target.id, "disabled_by_admin");
  }
  await writeAudit(db, {
    action: args.disabled ? "admin.user_disable" : "admin.user_enable",
    organizationId: target.organizationId,
    actorUserId: ctx.user.userId,
    targetType: "user",
    targetId: target.id,
    metadata: { email: target.email },
    request: ctx.request,
  });
  return (await loadAdminUser(db, target.id))!;
}

/** End every live session of a user (the caller's own too, when the user is them). */
export async function signOutEverywhere(
  ctx: FunctionCtx,
  args: { userId: string },
): Promise<{ sessionsEnded: number }> {
  const db = ctx.db;
  const target = await requireUserForUpdate(db, args.userId);
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: "signed_out_by_admin" })
    .where(and(eq(sessions.userId, target.id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  await writeAudit(db, {
    action: "admin.user_sign_out_everywhere",
    organizationId: target.organizationId,
    actorUserId: ctx.user.userId,
    targetType: "user",
    targetId: target.id,
    metadata: { email: target.email, sessionsEnded: ended.length },
    request: ctx.request,
  });
  return { sessionsEnded: ended.length };
}
