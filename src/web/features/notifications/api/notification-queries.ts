import type { QueryClient } from "@tanstack/react-query";
import * as notificationsApi from "#shared/api/notifications.ts";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { liveQueryOptions } from "../../../lib/sync/live-query.ts";

/** The first page of /account/notifications; later pages grow (use-notification-pages.ts). */
export const NOTIFICATIONS_FIRST_PAGE = 30;
/** The bell's popover shows the latest few. */
export const BELL_PAGE = 6;

/** The bell's number: the caller's unread notifications (live). */
export const unreadCountOptions = () => liveQueryOptions(notificationsApi.unreadCount, {});

/** One cursor page of the caller's notifications, newest first (live). */
export const notificationPageOptions = (numItems: number, cursor: string | null) =>
  liveQueryOptions(notificationsApi.list, { paginationOpts: { numItems, cursor } });

/** Per-kind delivery and whether email is possible on this server. */
export const notificationPreferencesOptions = () =>
  liveQueryOptions(notificationsApi.getPreferences, {});

/** /account/notifications' loader: the first page and the preferences. */
export async function preloadNotifications(queryClient: QueryClient): Promise<void> {
  await ignoreAuthRequired(
    Promise.all([
      queryClient.ensureQueryData(notificationPageOptions(NOTIFICATIONS_FIRST_PAGE, null)),
      queryClient.ensureQueryData(notificationPreferencesOptions()),
    ]),
  );
}
