import { cn } from "./cn.ts";

/** A native select styled like Input. */
export const selectClass = cn(
  "h-9 w-full rounded-md border border-input bg-background/40 px-3 text-sm shadow-xs outline-none",
  "focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25",
  "aria-invalid:border-destructive",
);
