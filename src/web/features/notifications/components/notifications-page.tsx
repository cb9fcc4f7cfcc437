import BellOff from "lucide-react/icons/bell-off";
import CheckCheck from "lucide-react/icons/check-check";
import { useMemo } from "react";
import { groupByDateBucket } from "#shared/rules/date-buckets.ts";
import { ErrorView } from "../../../components/error-view.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { useMarkAllRead, useMarkRead } from "../hooks/use-notification-mutations.ts";
import { useNotificationPages } from "../hooks/use-notification-pages.ts";
import { NotificationPreferencesCard } from "./notification-preferences-card.tsx";
import { NotificationRow } from "./notification-row.tsx";

/** /account/notifications: what happened, by SPEC's date buckets, live; and how to be told. */
export function NotificationsPage() {
  usePageTitle("Notifications");
  const pages = useNotificationPages();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const groups = useMemo(
    () => groupByDateBucket(pages.notifications, (n) => n._creationTime),
    [pages.notifications],
  );
  const anyUnread = pages.notifications.some((n) => n.readAt === null);

  return (
    <div className="w-full" data-testid="notifications-page">
      <PageHeader
        level={2}
        title="Notifications"
        description="Documents processed, things shared with you, runs finished and replies from support."
        actions={
          <Button
            variant="outline"
            size="sm"
            disabled={!anyUnread}
            onClick={() => markAllRead.mutate({})}
            data-testid="notifications-mark-all"
          >
            <CheckCheck aria-hidden="true" />
            Mark all as read
          </Button>
        }
      />
      <div className="mt-8 grid gap-8">
        {pages.error && pages.isLoading ? (
          <ErrorView error={pages.error} reset={() => window.location.reload()} />
        ) : pages.isLoading ? (
          <NotificationsSkeleton />
        ) : pages.notifications.length === 0 ? (
          <EmptyNotifications />
        ) : (
          <div className="grid gap-6" data-testid="notification-list">
            {groups.map((group) => (
              <section
                key={group.bucket}
                aria-labelledby={`notifications-${group.bucket}`}
                data-testid="notification-group"
                data-bucket={group.bucket}
              >
                <h2
                  id={`notifications-${group.bucket}`}
                  className="mb-1.5 px-3 font-medium text-[11.5px] text-muted-foreground uppercase tracking-wider"
                >
                  {group.bucket}
                </h2>
                <ul className="grid gap-0.5">
                  {group.items.map((n) => (
                    <NotificationRow
                      key={n._id}
                      notification={n}
                      onMarkRead={(id) => markRead.mutate({ notificationIds: [id] })}
                    />
                  ))}
                </ul>
              </section>
            ))}
            {pages.isDone ? null : (
              <div className="flex justify-center">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!pages.canLoadMore}
                  onClick={pages.loadMore}
                  data-testid="notifications-load-more"
                >
                  {pages.isLoadingMore ? <Spinner /> : null}
                  Show older notifications
                </Button>
              </div>
            )}
          </div>
        )}
        <NotificationPreferencesCard />
      </div>
    </div>
  );
}

function NotificationsSkeleton() {
  return (
    <div className="grid gap-2" aria-busy="true">
      {Array.from({ length: 5 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <div key={i} className="flex items-start gap-3 px-3 py-3">
          <Skeleton className="size-8 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

function EmptyNotifications() {
  return (
    <div
      className="flex flex-col items-center rounded-xl border border-dashed px-6 py-14 text-center"
      data-testid="notifications-empty"
    >
      <div className="flex size-12 items-center justify-center rounded-xl border bg-muted/60">
        <BellOff aria-hidden="true" className="size-6 text-muted-foreground" />
      </div>
      <h2 className="mt-5 font-semibold text-lg tracking-tight">No notifications yet</h2>
      <p className="mt-2 max-w-sm text-muted-foreground text-sm">
        When a document you upload is processed, something is shared with you or support replies, it
        shows up here.
      </p>
    </div>
  );
}
