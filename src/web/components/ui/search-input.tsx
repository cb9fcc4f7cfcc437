import Search from "lucide-react/icons/search";
import type { ComponentProps } from "react";
import { cn } from "./cn.ts";
import { Input } from "./input.tsx";

interface SearchInputProps extends ComponentProps<"input"> {
  /** Classes of the wrapper (width, flex): the input fills it. */
  wrapperClassName?: string;
  /** The smaller field of dense panels (share dialog). */
  compact?: boolean;
}

/** A text field with the search glass at its start; `aria-label` names it. */
export function SearchInput({ wrapperClassName, compact, className, ...props }: SearchInputProps) {
  return (
    <div className={cn("relative", wrapperClassName)}>
      <Search
        aria-hidden="true"
        className={cn(
          "pointer-events-none absolute top-1/2 -translate-y-1/2 text-muted-foreground",
          compact ? "left-2.5 size-3.5" : "left-3 size-4",
        )}
      />
      <Input className={cn(compact ? "h-8 pl-8 text-[13px]" : "pl-9", className)} {...props} />
    </div>
  );
}
