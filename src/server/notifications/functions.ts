import { api } from "#shared/api/index.ts";
import { and, isNull, sql } from "drizzle-orm";
import { UNREAD_COUNT_CAP } from "#shared/schemas/notification.ts";
import { implement, type ServerFunction } from "../api/registry.ts";
import { notifications } from "../db/schema.ts";
import { listNotifications } from "./list-notifications.ts";
import { markNotificationsRead } from "./mark-read.ts";
import { dependOnOwnNotifications, ownNotifications } from "./notification-access.ts";
import {
  getNotificationPreferences,
  setNotificationPreferences,
} from "./notification-preferences.ts";

/**
 * notifications.*: a member's own notifications and delivery preferences.
 * Features write notifications with notify() (notify.ts), never through
 * these functions.
 */
export const notificationFunctions: ServerFunction[] = [
  implement(api.notifications.list, async (ctx, args) =>
    listNotifications(ctx, args.paginationOpts),
  ),

  implement(api.notifications.unreadCount, async (ctx) => {
    dependOnOwnNotifications(ctx);
    const [row] = await ctx.db.select({ count: sql<number>`count(*)::int` }).from(
      ctx.db
        .select({ one: sql`1` })
        .from(notifications)
        .where(and(ownNotifications(ctx.user), isNull(notifications.readAt)))
        .limit(UNREAD_COUNT_CAP + 1)
        .as("unread"),
    );
    const count = Number(row?.count ?? 0);
    return { count: Math.min(count, UNREAD_COUNT_CAP), capped: count > UNREAD_COUNT_CAP };
  }),

  implement(api.notifications.markRead, async (ctx, args) => ({
    count: await markNotificationsRead({
      db: ctx.db,
      caller: ctx.user,
      ids: args.notificationIds,
    }),
  })),

  implement(api.notifications.markAllRead, async (ctx) => ({
    count: await markNotificationsRead({ db: ctx.db, caller: ctx.user, ids: null }),
  })),

  implement(api.notifications.getPreferences, async (ctx) => getNotificationPreferences(ctx)),

  implement(api.notifications.setPreferences, async (ctx, args) =>
    setNotificationPreferences(ctx, args.preferences),
  ),
];
