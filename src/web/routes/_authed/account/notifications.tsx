import { createFileRoute } from "@tanstack/react-router";
import { preloadNotifications } from "../../../features/notifications/api/notification-queries.ts";
import { NotificationsPage } from "../../../features/notifications/components/notifications-page.tsx";

/** /account/notifications (SPEC 2): the member's notifications and their delivery. */
export const Route = createFileRoute("/_authed/account/notifications")({
  loader: ({ context }) => preloadNotifications(context.queryClient),
  component: NotificationsPage,
});
