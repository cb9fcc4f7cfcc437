import { eq } from "drizzle-orm";
import { changePassword } from "#shared/api/users.ts";
import { AppError } from "#shared/errors.ts";
import { implement } from "../api/registry.ts";
import { writeAudit } from "../auth/audit.ts";
import { hashPassword, verifyPassword } from "../auth/passwords.ts";
import { users } from "../db/schema.ts";

/**
 * Change one's own password. Other sessions of the user end; the one making
 * the change stays signed in.
 */
export const changePasswordFunction = implement(changePassword, async (ctx, args) => {
  const identity = ctx.user;
  const user = (await ctx.db.select().from(users).where(eq(users.id, identity.userId)))[0];
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, args.currentPassword))) {
    throw new AppError("INVALID_CREDENTIALS", "The current password is incorrect.", {
      field: "currentPassword",
    });
  }
  if (args.currentPassword === args.newPassword) {
    throw new AppError("INVALID_ARGS", "The new password must differ from the current one.", {
      issues: [
        { path: "newPassword", message: "The new password must differ from the current one." },
      ],
    });
  }
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(args.newPassword), updatedAt: new Date() })
    .where(eq(users.id, identity.userId));
  await ctx.services.auth.revokeUserSessions(
    ctx.db,
    identity.userId,
    "password_changed",
    identity.sessionId,
  );
  await writeAudit(ctx.db, {
    action: "user.password_changed",
    organizationId: identity.organizationId,
    actorUserId: identity.userId,
    targetType: "user",
    targetId: identity.userId,
    request: ctx.request,
  });
  return null;
});
