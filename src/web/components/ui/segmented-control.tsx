import type { LucideIcon } from "lucide-react/types";
import { ToggleGroup } from "radix-ui";
import { cn } from "./cn.ts";

export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
  icon?: LucideIcon;
  testId?: string;
}

interface SegmentedControlProps<T extends string> {
  value: T;
  options: readonly SegmentedOption<T>[];
  onValueChange: (value: T) => void;
  /** Accessible name of the whole group. */
  label: string;
  className?: string;
}

/** One-of-many choice shown as joined buttons (arrow keys move between them). */
export function SegmentedControl<T extends string>({
  value,
  options,
  onValueChange,
  label,
  className,
}: SegmentedControlProps<T>) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      aria-label={label}
      onValueChange={(next) => {
        const option = options.find((o) => o.value === next);
        if (option) onValueChange(option.value);
      }}
      className={cn("inline-flex gap-1 rounded-lg border bg-muted/60 p-1", className)}
    >
      {options.map((option) => {
        const Icon = option.icon;
        return (
          <ToggleGroup.Item
            key={option.value}
            value={option.value}
            aria-label={option.label}
            data-testid={option.testId}
            className={cn(
              "inline-flex h-7 flex-1 cursor-pointer items-center justify-center gap-1.5 rounded-md px-2.5 font-medium text-[13px] sm:px-3",
              "text-muted-foreground outline-none transition-colors hover:text-foreground",
              "focus-visible:ring-2 focus-visible:ring-ring",
              "data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm",
              "dark:data-[state=on]:bg-accent",
            )}
          >
            {Icon ? <Icon aria-hidden="true" className="size-3.5 max-sm:hidden" /> : null}
            {option.label}
          </ToggleGroup.Item>
        );
      })}
    </ToggleGroup.Root>
  );
}
