import type { Notification } from "#shared/schemas/notification.ts";
import type { notifications } from "../db/schema.ts";

type NotificationRow = typeof notifications.$inferSelect;

export function notificationView(row: NotificationRow): Notification {
  return {
    _id: row.id,
    _creationTime: row.createdAt.getTime(),
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    readAt: row.readAt ? row.readAt.getTime() : null,
  };
}
