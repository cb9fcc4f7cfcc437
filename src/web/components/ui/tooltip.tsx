import { Tooltip as TooltipPrimitive } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "#shared/constants.ts";
import { cn } from "./cn.ts";

/**
 * Tooltip timing. The signed-in frame (AppShell) mounts one with
 * `delayDuration={TOOLTIP_ROOT_DELAY_MS}`;
 * any other provider uses SPEC's defaults (700 ms, skip 300 ms).
 */
export function TooltipProvider({
  delayDuration = TOOLTIP_DELAY_MS,
  skipDelayDuration = TOOLTIP_SKIP_DELAY_MS,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return (
    <TooltipPrimitive.Provider
      delayDuration={delayDuration}
      skipDelayDuration={skipDelayDuration}
      {...props}
    />
  );
}

interface TooltipProps {
  content: ReactNode;
  children: ReactNode;
  side?: "top" | "right" | "bottom" | "left";
  /** Keyboard shortcut hint shown at the end of the tooltip. */
  shortcut?: string;
}

/** Wraps one focusable child (rendered as the trigger) with a tooltip. */
export function Tooltip({ content, children, side = "top", shortcut }: TooltipProps) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={side}
          sideOffset={6}
          className={cn(
            "z-50 flex items-center gap-2 rounded-md border bg-popover px-2 py-1 text-popover-foreground",
            "text-xs shadow-lg data-[state=closed]:animate-fade-out data-[state=delayed-open]:animate-fade-in",
          )}
        >
          {content}
          {shortcut ? (
            <kbd className="rounded border bg-muted px-1 font-mono text-[10px] text-muted-foreground">
              {shortcut}
            </kbd>
          ) : null}
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
