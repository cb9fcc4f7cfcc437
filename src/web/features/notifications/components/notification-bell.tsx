import { useQuery } from "@tanstack/react-query";
import Bell from "lucide-react/icons/bell";
import { lazy, Suspense, useState } from "react";
import { cn } from "../../../components/ui/cn.ts";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import { unreadCountOptions } from "../api/notification-queries.ts";

const loadMenu = () => import("./bell-menu.tsx");
const BellMenu = lazy(loadMenu);

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
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
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
        {menuOpen ? (
          <Suspense
            fallback={
              <p className="px-3 py-8 text-center text-muted-foreground text-sm">Loading…</p>
            }
          >
            <BellMenu unread={count} onClose={() => setMenuOpen(false)} />
          </Suspense>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
