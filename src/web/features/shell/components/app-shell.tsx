import { Outlet } from "@tanstack/react-router";
import { type ReactNode, useEffect } from "react";
import { TOOLTIP_ROOT_DELAY_MS } from "#shared/constants.ts";
import { useSidebarStore } from "../../../components/settings/sidebar-store.ts";
import { cn } from "../../../components/ui/cn.ts";
import { TooltipProvider } from "../../../components/ui/tooltip.tsx";
import { Sidebar } from "./sidebar.tsx";

/**
 * The signed-in frame: the sidebar and the current screen beside it (the
 * matched route, or `children` where the frame is drawn outside the signed-in
 * routes, as for the 404 page). Tooltips are only ever shown inside it, so their provider is
 * here rather than at the root: Radix Tooltip stays out of the first page (decision 016).
 */
export function AppShell({
  children,
  sidebarExtras,
}: {
  children?: ReactNode;
  /** Drawn above the connection state in the sidebar (the notifications bell), given its open state. */
  sidebarExtras?: (open: boolean) => ReactNode;
}) {
  const open = useSidebarStore((s) => s.open);
  const toggle = useSidebarStore((s) => s.toggle);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === "b") {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  return (
    <TooltipProvider delayDuration={TOOLTIP_ROOT_DELAY_MS}>
      <div className="flex min-h-dvh bg-sidebar">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <Sidebar open={open} extras={sidebarExtras?.(open)} />
        <main
          id="main"
          className={cn(
            "flex min-w-0 flex-1 flex-col bg-background",
            "md:my-2 md:mr-2 md:min-h-[calc(100dvh-1rem)] md:rounded-xl md:border md:shadow-sm",
          )}
        >
          {children ?? <Outlet />}
        </main>
      </div>
    </TooltipProvider>
  );
}
