import { LayoutGrid, List } from "lucide-react";
import { activeFilterCount } from "#shared/rules/active-filter-count.ts";
import type { SortField } from "#shared/rules/sort-cycle.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  SegmentedControl,
  type SegmentedOption,
} from "../../../components/ui/segmented-control.tsx";
import { type DossierView, useDossierViewStore } from "../hooks/view-store.ts";
import type { DossierSearch } from "../search.ts";
import { FilterChip } from "./filter-chip.tsx";
import { SearchBox } from "./search-box.tsx";
import { StatusFilter } from "./status-filter.tsx";

const VIEW_OPTIONS: readonly SegmentedOption<DossierView>[] = [
  { value: "grid", label: "Grid", icon: LayoutGrid, testId: "view-grid" },
  { value: "list", label: "List", icon: List, testId: "view-list" },
];

interface DossierToolbarProps {
  search: DossierSearch;
  onSearchChange: (patch: Partial<DossierSearch>) => void;
  scopeName: string;
}

/** Search, status filter, the filters from the address bar, and grid or list. */
export function DossierToolbar({ search, onSearchChange, scopeName }: DossierToolbarProps) {
  const view = useDossierViewStore((s) => s.view);
  const setView = useDossierViewStore((s) => s.setView);
  const sort = useDossierViewStore((s) => s.sort);
  const setSort = useDossierViewStore((s) => s.setSort);
  const count = activeFilterCount({
    processingStatus: search.processingStatus,
    tags: search.tags,
    dateRange: { start: search.start, end: search.end },
  });

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="dossier-toolbar">
      <SearchBox
        value={search.q ?? ""}
        scopeName={scopeName}
        onChange={(q) => onSearchChange({ q: q || undefined })}
      />
      <StatusFilter
        value={search.processingStatus}
        onChange={(processingStatus) => onSearchChange({ processingStatus })}
      />
      {search.tags?.length ? (
        <FilterChip
          label={`Tags: ${search.tags.join(", ")}`}
          onRemove={() => onSearchChange({ tags: undefined })}
        />
      ) : null}
      {search.start || search.end ? (
        <FilterChip
          label={`Added ${search.start ? `from ${search.start}` : ""}${search.start && search.end ? " " : ""}${search.end ? `until ${search.end}` : ""}`}
          onRemove={() => onSearchChange({ start: undefined, end: undefined })}
        />
      ) : null}
      {sort && view === "grid" ? (
        // The grid has no column headers: say how it is sorted, and offer the way back.
        <FilterChip
          label={`Sorted by ${SORT_LABELS[sort.field]} ${sort.direction === "asc" ? "↑" : "↓"}`}
          onRemove={() => setSort(null)}
          removeLabel="Remove the sort"
        />
      ) : null}
      {count > 1 ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() =>
            onSearchChange({
              processingStatus: undefined,
              tags: undefined,
              start: undefined,
              end: undefined,
            })
          }
        >
          Clear all
        </Button>
      ) : null}
      <SegmentedControl
        label="View"
        value={view}
        options={VIEW_OPTIONS}
        onValueChange={setView}
        className="ml-auto"
      />
    </div>
  );
}

const SORT_LABELS: Record<SortField, string> = {
  fileType: "kind",
  name: "name",
  primaryTagName: "type",
  _creationTime: "date added",
  size: "size",
};
