import { and, inArray, isNull } from "drizzle-orm";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { notifications } from "../db/schema.ts";
import { isUuid } from "../ids.ts";
import { ownNotifications } from "./notification-access.ts";

/**
 * Mark the caller's unread notifications read: the given ones, or all of them
 * (`ids` null). Ids of anyone else's notifications, or of nothing, change
 * nothing. Answers how many were marked.
 */
export async function markNotificationsRead(options: {
  db: Executor;
  caller: Identity;
  ids: string[] | null;
}): Promise<number> {
  const ids = options.ids?.filter(isUuid);
  if (ids && ids.length === 0) return 0;
  const rows = await options.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        ownNotifications(options.caller),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}
