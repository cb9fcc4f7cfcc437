import { useQuery } from "@tanstack/react-query";
import PanelLeftClose from "lucide-react/icons/panel-left-close";
import PanelLeftOpen from "lucide-react/icons/panel-left-open";
import type { ReactNode } from "react";
import { APP_NAME } from "../../../components/app-name.ts";
import { LogoMark } from "../../../components/logo.tsx";
import { useSidebarStore } from "../../../components/settings/sidebar-store.ts";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Tooltip } from "../../../components/ui/tooltip.tsx";
import { meOptions } from "../../../lib/shared-queries.ts";
import { ConnectionIndicator } from "./connection-indicator.tsx";
import { SidebarNav } from "./sidebar-nav.tsx";
import { UserMenu } from "./user-menu.tsx";

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.userAgent);
const TOGGLE_SHORTCUT = isMac ? "⌘B" : "Ctrl B";

/** Collapsible sidebar; below the md breakpoint it is always the narrow icon rail. */
export function Sidebar({ open, extras }: { open: boolean; extras?: ReactNode }) {
  const toggle = useSidebarStore((s) => s.toggle);
  const me = useQuery(meOptions());
  const organization = me.data?.organization?.name;
  const toggleLabel = open ? "Collapse sidebar" : "Expand sidebar";

  return (
    <aside
      aria-label="Sidebar"
      data-testid="sidebar"
      data-state={open ? "expanded" : "collapsed"}
      className={cn(
        "group/sidebar sticky top-0 flex h-dvh shrink-0 flex-col gap-2 px-2 py-3 text-sidebar-foreground",
        "w-14 transition-[width] duration-200 ease-out",
        open && "md:w-60",
      )}
    >
      <div className={cn("flex items-center gap-2 px-1", open ? "md:justify-between" : "flex-col")}>
        <div className="flex min-w-0 items-center gap-2.5">
          <LogoMark className="size-7" />
          <div className={cn("hidden min-w-0 leading-tight", open && "md:block")}>
            <p className="truncate font-semibold text-[14px] text-foreground">{APP_NAME}</p>
            {organization ? (
              <p className="truncate text-[11.5px] text-muted-foreground">{organization}</p>
            ) : null}
          </div>
        </div>
        <Tooltip content={toggleLabel} shortcut={TOGGLE_SHORTCUT} side="right">
          <Button
            variant="ghost"
            size="icon"
            onClick={toggle}
            aria-label={toggleLabel}
            aria-expanded={open}
            data-testid="sidebar-toggle"
            className={cn("hidden size-7 md:inline-flex", !open && "mt-2")}
          >
            {open ? <PanelLeftClose aria-hidden="true" /> : <PanelLeftOpen aria-hidden="true" />}
          </Button>
        </Tooltip>
      </div>
      <SidebarNav open={open} />
      <div className="mt-auto grid grid-cols-1 gap-1">
        {extras}
        <ConnectionIndicator open={open} />
        <UserMenu open={open} user={me.data} />
      </div>
    </aside>
  );
}
