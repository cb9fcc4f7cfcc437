import LayoutGrid from "lucide-react/icons/layout-grid";
import List from "lucide-react/icons/list";
import History from "lucide-react/icons/rotate-ccw-clock";
import SlidersHorizontal from "lucide-react/icons/sliders-horizontal";
import { lazy, Suspense, useEffect } from "react";
import { FILE_TYPE_INFO } from "#shared/file-types.ts";
import type { SortField } from "#shared/rules/sort-cycle.ts";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import {
  SegmentedControl,
  type SegmentedOption,
} from "../../../components/ui/segmented-control.tsx";
import { useSearchStore } from "../hooks/search-store.ts";
import { type DossierView, useDossierViewStore } from "../hooks/view-store.ts";
import { activeFilterCount, type DossierSearch } from "../search.ts";
import { FilterChip } from "./filter-chip.tsx";
import { SearchBox } from "./search-box.tsx";

// Opened on a click: loaded then, not with every dossier page.
const FilterPanel = lazy(() =>
  import("./filter-panel.tsx").then((m) => ({ default: m.FilterPanel })),
);
const SearchHistoryPanel = lazy(() =>
  import("./search-history-panel.tsx").then((m) => ({ default: m.SearchHistoryPanel })),
);

import { StatusFilter } from "./status-filter.tsx";

const VIEW_OPTIONS: readonly SegmentedOption<DossierView>[] = [
  { value: "grid", label: "Grid", icon: LayoutGrid, testId: "view-grid" },
  { value: "list", label: "List", icon: List, testId: "view-list" },
];

interface DossierToolbarProps {
  search: DossierSearch;
  onSearchChange: (patch: Partial<DossierSearch>) => void;
  scopeName: string;
  /** Searching from a folder (the subfolders choice applies). */
  inFolder?: boolean;
}

/** Search, status filter, the filters from the address bar, and grid or list. */
export function DossierToolbar({
  search,
  onSearchChange,
  scopeName,
  inFolder = false,
}: DossierToolbarProps) {
  const view = useDossierViewStore((s) => s.view);
  const setView = useDossierViewStore((s) => s.setView);
  const sort = useDossierViewStore((s) => s.sort);
  const setSort = useDossierViewStore((s) => s.setSort);
  const preferences = useSearchStore((s) => s.preferences);
  const record = useSearchStore((s) => s.record);
  const isFiltersOpen = useSearchStore((s) => s.isFiltersOpen);
  const isHistoryOpen = useSearchStore((s) => s.isHistoryOpen);
  const setFiltersOpen = useSearchStore((s) => s.setFiltersOpen);
  const setHistoryOpen = useSearchStore((s) => s.setHistoryOpen);
  const filters = {
    fileTypes: search.fileTypes,
    processingStatus: search.processingStatus,
    tags: search.tags,
    start: search.start,
    end: search.end,
  };
  const count = activeFilterCount(filters);
  const runSearch = (q: string) => {
    // A new search in a folder follows the "subfolders by default" preference.
    const sub = search.q || preferences.defaultIncludeSubfolders ? search.sub : "0";
    onSearchChange({ q: q || undefined, sub: q ? sub : search.sub });
  };
  // Every search that runs (typed, from a link, from the history) goes to the recent searches.
  const q = search.q;
  const filtersKey = JSON.stringify(filters);
  useEffect(() => {
    if (q) record(q, JSON.parse(filtersKey));
  }, [q, filtersKey, record]);

  return (
    <div data-testid="dossier-toolbar-area">
      <div className="flex flex-wrap items-center gap-2" data-testid="dossier-toolbar">
        <SearchBox
          value={search.q ?? ""}
          scopeName={scopeName}
          onChange={runSearch}
          suggestions={preferences.enableSearchSuggestions}
          onPickTag={(tag) => onSearchChange({ tags: [...new Set([...(search.tags ?? []), tag])] })}
        />
        <Button
          variant="outline"
          size="sm"
          aria-expanded={isFiltersOpen}
          data-testid="filters-button"
          onClick={() => {
            setFiltersOpen(!isFiltersOpen);
            setHistoryOpen(false);
          }}
          className={cn("h-8", (isFiltersOpen || count > 0) && "border-primary/50 bg-primary/10")}
        >
          <SlidersHorizontal aria-hidden="true" />
          Filters
          {count > 0 ? (
            <span
              data-testid="filter-count"
              className="ml-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-primary px-1 font-semibold text-[10.5px] text-primary-foreground tabular-nums"
            >
              {count}
            </span>
          ) : null}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Recent searches"
          aria-expanded={isHistoryOpen}
          data-testid="history-button"
          onClick={() => {
            setHistoryOpen(!isHistoryOpen);
            setFiltersOpen(false);
          }}
          className={cn("h-8", isHistoryOpen && "bg-accent text-foreground")}
        >
          <History aria-hidden="true" />
        </Button>
        <StatusFilter
          value={search.processingStatus}
          onChange={(processingStatus) => onSearchChange({ processingStatus })}
        />
        {search.fileTypes?.length ? (
          <FilterChip
            label={`Type: ${search.fileTypes.map((t) => FILE_TYPE_INFO[t].label).join(", ")}`}
            onRemove={() => onSearchChange({ fileTypes: undefined })}
          />
        ) : null}
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
                fileTypes: undefined,
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
      <Suspense fallback={null}>
        {isFiltersOpen ? (
          <FilterPanel search={search} onSearchChange={onSearchChange} inFolder={inFolder} />
        ) : null}
        {isHistoryOpen ? (
          <SearchHistoryPanel
            onPick={(entry) => {
              setHistoryOpen(false);
              onSearchChange({
                q: entry.query,
                fileTypes: entry.filters.fileTypes,
                processingStatus: entry.filters.processingStatus,
                tags: entry.filters.tags,
                start: entry.filters.start,
                end: entry.filters.end,
              });
            }}
          />
        ) : null}
      </Suspense>
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
