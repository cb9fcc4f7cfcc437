import ArrowDown from "lucide-react/icons/arrow-down";
import ArrowUp from "lucide-react/icons/arrow-up";
import ChevronsUpDown from "lucide-react/icons/chevrons-up-down";
import type { Sort, SortField } from "#shared/rules/sort-cycle.ts";
import { cn } from "../../../components/ui/cn.ts";

interface SortHeaderProps {
  field: SortField;
  label: string;
  sort: Sort | null;
  onSort: (field: SortField) => void;
}

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

/**
 * A sortable column header. Clicking cycles ascending, descending, none;
 * clicking another column starts it ascending (SPEC 2).
 */
export function SortHeader({ field, label, sort, onSort }: SortHeaderProps) {
  const direction = sort?.field === field ? sort.direction : null;
  const Icon = direction === "asc" ? ArrowUp : direction === "desc" ? ArrowDown : ChevronsUpDown;
  return (
    <th
      scope="col"
      aria-sort={direction ? ARIA_SORT[direction] : "none"}
      className="min-w-0 text-left"
    >
      <button
        type="button"
        onClick={() => onSort(field)}
        data-testid={`sort-${field}`}
        data-direction={direction ?? "none"}
        className={cn(
          "-ml-1.5 inline-flex h-7 max-w-full items-center gap-1 rounded-md px-1.5 font-medium text-[12px] outline-none",
          "text-muted-foreground transition-colors hover:bg-accent hover:text-foreground",
          "focus-visible:ring-2 focus-visible:ring-ring",
          direction && "text-foreground",
        )}
      >
        <span className="truncate">{label}</span>
        <Icon
          aria-hidden="true"
          className={cn("size-3.5 shrink-0", direction ? "text-primary" : "opacity-50")}
        />
      </button>
    </th>
  );
}
