import { useQuery } from "@tanstack/react-query";
import { Link, useRouter } from "@tanstack/react-router";
import { Bell, CheckCheck } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import {
  BELL_PAGE,
  notificationPageOptions,
  unreadCountOptions,
} from "../api/notification-queries.ts";
import { useMarkAllRead, useMarkRead } from "../hooks/use-notification-mutations.ts";
import { NotificationIcon, timeAgo } from "./notification-icon.tsx";

/**
 * The bell in the sidebar: the live number of unread notifications, and a
 * menu of the latest few (opening one marks it read and follows its link).
 */
export function NotificationBell({ open }: { open: boolean }) {
  const unread = useQuery(unreadCountOptions());
  const [menuOpen, setMenuOpen] = useState(false);
  const count = unread.data?.count ?? 0;
  const countText = unread.data?.capped ? "99+" : String(Math.min(count, 99));
  const label = count > 0 ? `Notifications, ${countText} unread` : "Notifications";

  return (
    <DropdownMenu open={menuOpen} onOpenChange={setMenuOpen}>
      <DropdownMenuTrigger
        aria-label={label}
        data-testid="notification-bell"
        data-unread={count}
        className={cn(
          "flex h-8 w-full items-center gap-2.5 rounded-md px-2.5 font-medium text-[13px] outline-none",
          "text-sidebar-foreground/80 transition-colors hover:bg-sidebar-accent hover:text-foreground",
          "focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-sidebar-accent",
          !open && "justify-center px-0",
          open && "max-md:justify-center max-md:px-0",
        )}
      >
        <span className="relative flex">
          <Bell aria-hidden="true" className="size-4 shrink-0" />
          {count > 0 ? (
            <span
              aria-hidden="true"
              data-testid="notification-count"
              className={cn(
                "absolute -top-1.5 -right-2 min-w-4 rounded-full bg-primary px-1 text-center",
                "font-semibold text-[10px] text-primary-foreground leading-4 tabular-nums",
                open && "md:hidden",
              )}
            >
              {countText}
            </span>
          ) : null}
        </span>
        <span className={cn("hidden flex-1 truncate text-left", open && "md:inline")}>
          Notifications
        </span>
        {count > 0 ? (
          <span
            aria-hidden="true"
            className={cn(
              "hidden rounded-full bg-primary px-1.5 font-semibold text-[11px] text-primary-foreground leading-5 tabular-nums",
              open && "md:inline",
            )}
          >
            {countText}
          </span>
        ) : null}
      </DropdownMenuTrigger>
      <DropdownMenuContent
        side="right"
        align="end"
        className="w-[22rem] p-0"
        data-testid="notification-menu"
      >
        {menuOpen ? <BellMenu unread={count} onClose={() => setMenuOpen(false)} /> : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function BellMenu({ unread, onClose }: { unread: number; onClose: () => void }) {
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
