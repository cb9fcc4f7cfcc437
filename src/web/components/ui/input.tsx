import type { ComponentProps } from "react";
import { cn } from "./cn.ts";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        "flex h-9 w-full min-w-0 rounded-md border border-input bg-background/40 px-3 py-1 text-sm",
        "shadow-xs transition-[color,border-color,box-shadow] outline-none",
        "placeholder:text-muted-foreground/70 selection:bg-primary/30",
        "focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25",
        "disabled:cursor-not-allowed disabled:opacity-60 read-only:bg-muted/50 read-only:text-muted-foreground",
        "aria-invalid:border-destructive aria-invalid:ring-destructive/20",
        className,
      )}
      {...props}
    />
  );
}
