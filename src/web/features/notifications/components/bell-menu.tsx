import { useQuery } from "@tanstack/react-query";
import { Link, useRouter } from "@tanstack/react-router";
import CheckCheck from "lucide-react/icons/check-check";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { DropdownMenuItem, DropdownMenuSeparator } from "../../../components/ui/dropdown-menu.tsx";
import { BELL_PAGE, notificationPageOptions } from "../api/notification-queries.ts";
import { useMarkAllRead, useMarkRead } from "../hooks/use-notification-mutations.ts";
import { NotificationIcon, timeAgo } from "./notification-icon.tsx";

/**
 * The bell's menu: the latest few notifications (opening one marks it read and
 * follows its link), "Mark all as read" and "View all". A chunk of its own,
 * fetched when the bell is first hovered or opened: the shell carries only the count.
 */
export default function BellMenu({ unread, onClose }: { unread: number; onClose: () => void }) {
  const latest = useQuery(notificationPageOptions(BELL_PAGE, null));
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const router = useRouter();
  const items = latest.data?.page ?? [];

  return (
    <>
      <div className="flex items-center justify-between gap-2 px-3 py-2.5">
        <p className="font-semibold text-sm">Notifications</p>
        <Button
          variant="ghost"
          size="sm"
          className="h-7 px-2 text-[12.5px]"
          disabled={unread === 0}
          onClick={() => markAllRead.mutate({})}
          data-testid="notification-mark-all"
        >
          <CheckCheck aria-hidden="true" />
          Mark all as read
        </Button>
      </div>
      <DropdownMenuSeparator className="my-0" />
      <div className="max-h-96 overflow-y-auto p-1">
        {latest.data === undefined ? (
          <p className="px-3 py-6 text-center text-muted-foreground text-sm">Loading…</p>
        ) : items.length === 0 ? (
          <p
            className="px-3 py-8 text-center text-muted-foreground text-sm"
            data-testid="notification-menu-empty"
          >
            You’re all caught up.
          </p>
        ) : (
          items.map((n) => (
            <DropdownMenuItem
              key={n._id}
              data-testid="notification-menu-item"
              data-read={n.readAt !== null}
              className="items-start gap-3 px-2.5 py-2"
              onSelect={() => {
                if (n.readAt === null) markRead.mutate({ notificationIds: [n._id] });
                if (n.link) router.history.push(n.link);
                onClose();
              }}
            >
              <NotificationIcon kind={n.kind} className="mt-0.5 size-7" />
              <span className="min-w-0 flex-1">
                <span
                  className={cn(
                    "block text-[13px] leading-snug",
                    n.readAt === null ? "font-medium text-foreground" : "text-muted-foreground",
                  )}
                >
                  {n.title}
                </span>
                {n.body ? (
                  <span className="mt-0.5 line-clamp-2 block text-[12px] text-muted-foreground">
                    {n.body}
                  </span>
                ) : null}
                <span className="mt-1 block text-[11.5px] text-muted-foreground/80">
                  {timeAgo(n._creationTime)}
                </span>
              </span>
              {n.readAt === null ? (
                <span className="mt-2 size-2 shrink-0 rounded-full bg-primary">
                  <span className="sr-only">Unread</span>
                </span>
              ) : null}
            </DropdownMenuItem>
          ))
        )}
      </div>
      <DropdownMenuSeparator className="my-0" />
      <div className="p-1">
        <DropdownMenuItem asChild className="justify-center font-medium">
          <Link to="/account/notifications" data-testid="notification-view-all">
            View all notifications
          </Link>
        </DropdownMenuItem>
      </div>
    </>
  );
}
