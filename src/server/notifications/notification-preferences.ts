import { eq } from "drizzle-orm";
import { AppError } from "#shared/errors.ts";
import {
  fullPreferences,
  NOTIFICATION_KINDS,
  type NotificationDelivery,
  type NotificationKind,
  type NotificationPreferences,
} from "#shared/schemas/notification.ts";
import type { FunctionCtx } from "../api/context.ts";
import { notificationPreferences } from "../db/schema.ts";
import { mailConfigured } from "../mail/send-mail.ts";

export interface PreferencesAnswer {
  preferences: NotificationPreferences;
  emailAvailable: boolean;
}

/** The caller's per-kind delivery, defaults filled in, and whether email can be sent. */
export async function getNotificationPreferences(ctx: FunctionCtx): Promise<PreferencesAnswer> {
  const { userId } = ctx.user;
  ctx.dependsOnRow("notification_preferences", userId);
  const [row] = await ctx.db
    .select({ preferences: notificationPreferences.preferences })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return {
    preferences: fullPreferences(row?.preferences),
    emailAvailable: mailConfigured(ctx.services.config),
  };
}

/**
 * Change some kinds' delivery (the others keep theirs). Email is refused when
 * this server cannot send any: the choice would silently deliver nothing.
 */
export async function setNotificationPreferences(
  ctx: FunctionCtx,
  changes: Partial<Record<NotificationKind, NotificationDelivery>>,
): Promise<PreferencesAnswer> {
  const { userId, organizationId } = ctx.user;
  if (!organizationId) {
    throw new AppError("FORBIDDEN", "Your account does not belong to an organization.");
  }
  const emailAvailable = mailConfigured(ctx.services.config);
  const wantsEmail = NOTIFICATION_KINDS.filter((kind) => changes[kind] === "email");
  if (wantsEmail.length > 0 && !emailAvailable) {
    throw new AppError(
      "INVALID_ARGS",
      "Email is not available: this server has no mail settings (SMTP_URL and MAIL_FROM).",
      {
        issues: wantsEmail.map((kind) => ({
          path: `preferences.${kind}`,
          message: "Email is not available on this server",
        })),
      },
    );
  }
  const [row] = await ctx.db
    .select({ preferences: notificationPreferences.preferences })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .for("update");
  const next: NotificationPreferences = { ...fullPreferences(row?.preferences) };
  for (const kind of NOTIFICATION_KINDS) {
    const value = changes[kind];
    if (value) next[kind] = value;
  }
  await ctx.db
    .insert(notificationPreferences)
    .values({ userId, organizationId, preferences: next })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { organizationId, preferences: next, updatedAt: new Date() },
    });
  return { preferences: next, emailAvailable };
}
