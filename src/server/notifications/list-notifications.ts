import { and, desc, sql } from "drizzle-orm";
import type { Notification } from "#shared/schemas/notification.ts";
import type { FunctionCtx } from "../api/context.ts";
import { notifications } from "../db/schema.ts";
import { decodeCursor, encodeCursor } from "../documents/cursor.ts";
import { dependOnOwnNotifications, ownNotifications } from "./notification-access.ts";
import { notificationView } from "./notification-view.ts";

export interface NotificationPage {
  page: Notification[];
  isDone: boolean;
  continueCursor: string;
}

/** UTC text with microseconds: the cursor's exact copy of created_at. */
const createdAtText = sql<string>`to_char(${notifications.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

/**
 * One page of the caller's notifications, newest first: keyset pagination on
 * (created_at, id) along notifications_user_created_idx, as documents.list.
 */
export async function listNotifications(
  ctx: FunctionCtx,
  options: { numItems: number; cursor: string | null },
): Promise<NotificationPage> {
  dependOnOwnNotifications(ctx);
  const after = options.cursor ? decodeCursor(options.cursor) : undefined;
  const rows = await ctx.db
    .select({ row: notifications, cursorAt: createdAtText })
    .from(notifications)
    .where(
      and(
        ownNotifications(ctx.user),
        after
          ? sql`(${notifications.createdAt}, ${notifications.id}) < ((${after.createdAt}::timestamp at time zone 'UTC'), ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.numItems + 1);
  const isDone = rows.length <= options.numItems;
  const shown = isDone ? rows : rows.slice(0, options.numItems);
  const last = shown.at(-1);
  return {
    page: shown.map(({ row }) => notificationView(row)),
    isDone,
    continueCursor: last
      ? encodeCursor({ createdAt: last.cursorAt, id: last.row.id })
      : (options.cursor ?? ""),
  };
}
