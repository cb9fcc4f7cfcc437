import { and, eq } from "drizzle-orm";
import type { FunctionCtx } from "../api/context.ts";
import type { Identity } from "../auth/identity.ts";
import { notifications } from "../db/schema.ts";

/**
 * A member's notifications are theirs alone: every read and write filters by
 * the caller's user id and organization, so another member's notification (or
 * another organization's) is never listed, counted or marked.
 */
export function ownNotifications(caller: Identity) {
  return and(
    eq(notifications.userId, caller.userId),
    caller.organizationId ? eq(notifications.organizationId, caller.organizationId) : undefined,
  );
}

/** Re-run a live query only on changes to the caller's own notifications (migration 0010's key). */
export function dependOnOwnNotifications(ctx: FunctionCtx): void {
  ctx.dependsOnRow("notifications", `user:${ctx.user.userId}`);
}
