import { cn } from "../../../components/ui/cn.ts";

/** A native select styled like the inputs (as on the prompt library's filter). */
export const selectClass = (className?: string) =>
  cn(
    "h-9 rounded-md border border-input bg-background/40 px-3 text-sm shadow-xs outline-none",
    "focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 disabled:opacity-60",
    className,
  );
