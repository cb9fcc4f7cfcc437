import { eq } from "drizzle-orm";
import { changePassword } from "#shared/api/users.ts";
import { AppError } from "#shared/errors.ts";
import { implement } from "../api/registry.ts";
import { writeAudit } from "../auth/audit.ts";
import { accountOf, takePasswordAttempt, tooManyAttempts } from "../auth/password-attempts.ts";
import { hashPassword, verifyPassword } from "../auth/passwords.ts";
import { users } from "../db/schema.ts";

/**
 * Change one's own password. A wrong current password counts like a failed
 * sign-in (per account and per address, auth/password-attempts.ts), so a
 * stolen token or an unattended session cannot guess it; the count and the
 * audit line are written outside the change's transaction, which a refusal
 * rolls back. Other sessions of the user end; the one making the change
 * stays signed in.
 */
export const changePasswordFunction = implement(
  changePassword,
  async (ctx, args) => {
    const identity = ctx.user;
    const audit = (action: string) =>
      writeAudit(ctx.db, {
        action,
        organizationId: identity.organizationId,
        actorUserId: identity.userId,
        targetType: "user",
        targetId: identity.userId,
        request: ctx.request,
      });
    const user = (await ctx.db.select().from(users).where(eq(users.id, identity.userId)))[0];
    if (!user) throw wrongPassword();
    const attempt = await takePasswordAttempt(ctx.db, {
      account: accountOf(user.email),
      userId: user.id,
      ip: ctx.request.ip,
    });
    if (attempt.refusedForSeconds !== undefined) {
      await audit("user.password_change_rate_limited");
      throw tooManyAttempts("Too many wrong passwords.", attempt.refusedForSeconds);
    }
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, args.currentPassword))) {
      await audit("user.password_change_failed");
      throw wrongPassword();
    }
    await attempt.succeeded();
    if (args.currentPassword === args.newPassword) {
      throw new AppError("INVALID_ARGS", "The new password must differ from the current one.", {
        issues: [
          { path: "newPassword", message: "The new password must differ from the current one." },
        ],
      });
    }
    const passwordHash = await hashPassword(args.newPassword);
    await ctx.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(eq(users.id, identity.userId));
      await ctx.services.auth.revokeUserSessions(
        tx,
        identity.userId,
        "password_changed",
        identity.sessionId,
      );
      await writeAudit(tx, {
        action: "user.password_changed",
        organizationId: identity.organizationId,
        actorUserId: identity.userId,
        targetType: "user",
        targetId: identity.userId,
        request: ctx.request,
      });
    });
    return null;
  },
  // The attempt's count and audit line must stay when the change is refused.
  { ownTransaction: true },
);

const wrongPassword = () =>
  new AppError("INVALID_CREDENTIALS", "The current password is incorrect.", {
    field: "currentPassword",
  });
