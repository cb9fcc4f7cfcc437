import type { ComponentProps } from "react";
import { cn } from "./cn.ts";

/** A placeholder block with a soft shimmer; purely decorative. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      aria-hidden="true"
      data-slot="skeleton"
      className={cn(
        "animate-shimmer rounded-md bg-[length:200%_100%]",
        "bg-[linear-gradient(90deg,var(--muted)_0%,var(--accent)_50%,var(--muted)_100%)]",
        className,
      )}
      {...props}
    />
  );
}
