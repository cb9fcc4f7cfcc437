import { useQuery } from "@tanstack/react-query";
import Check from "lucide-react/icons/check";
import type { ReactNode } from "react";
import { FILE_TYPE_INFO, FILE_TYPES, type FileType } from "#shared/file-types.ts";
import { PROCESSING_STATUSES } from "#shared/schemas/dossier.ts";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Input } from "../../../components/ui/input.tsx";
import { tagListOptions } from "../api/document-queries.ts";
import type { DossierSearch } from "../search.ts";
import { STATUS_LABELS } from "./status-badge.tsx";

interface FilterPanelProps {
  search: DossierSearch;
  onSearchChange: (patch: Partial<DossierSearch>) => void;
  /** Whether a search is in a folder (then "subfolders too" means something). */
  inFolder: boolean;
}

/**
 * SPEC 3's search filters, written to the address bar: file types, folder
 * (with or without subfolders), date added, processing status and tags
 * (the organization's tags the member can see). Lists and searches alike
 * are filtered by the server.
 */
export function FilterPanel({ search, onSearchChange, inFolder }: FilterPanelProps) {
  const tags = useQuery(tagListOptions());
  const fileTypes = search.fileTypes ?? [];
  const chosenTags = search.tags ?? [];
  const toggleType = (type: FileType) => {
    const next = fileTypes.includes(type)
      ? fileTypes.filter((t) => t !== type)
      : [...fileTypes, type];
    onSearchChange({ fileTypes: next.length > 0 ? next : undefined });
  };
  const toggleTag = (tag: string) => {
    const next = chosenTags.includes(tag)
      ? chosenTags.filter((t) => t !== tag)
      : [...chosenTags, tag];
    onSearchChange({ tags: next.length > 0 ? next : undefined });
  };
  const knownTags = tags.data ?? [];
  const shownTags = [
    ...knownTags.map((t) => t.name),
    ...chosenTags.filter((t) => !knownTags.some((k) => k.name === t)),
  ];

  return (
    <section
      aria-label="Filters"
      data-testid="filter-panel"
      className="mt-3 grid gap-4 rounded-xl border bg-card/60 p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr]"
    >
      <Group title="File type">
        <div className="flex flex-wrap gap-1.5">
          {FILE_TYPES.map((type) => (
            <Toggle
              key={type}
              on={fileTypes.includes(type)}
              onClick={() => toggleType(type)}
              testId={`filter-type-${type}`}
            >
              {FILE_TYPE_INFO[type].label}
            </Toggle>
          ))}
        </div>
      </Group>
      <Group title="Date added">
        <div className="flex items-center gap-2">
          <Input
            type="date"
            aria-label="Added from"
            data-testid="filter-start"
            value={search.start ?? ""}
            max={search.end}
            onChange={(e) => onSearchChange({ start: e.target.value || undefined })}
            className="h-8 text-[12.5px]"
          />
          <span className="text-muted-foreground text-xs">to</span>
          <Input
            type="date"
            aria-label="Added until"
            data-testid="filter-end"
            value={search.end ?? ""}
            min={search.start}
            onChange={(e) => onSearchChange({ end: e.target.value || undefined })}
            className="h-8 text-[12.5px]"
          />
        </div>
        {inFolder ? (
          <label className="mt-3 flex items-center gap-2 text-[12.5px] text-muted-foreground">
            <input
              type="checkbox"
              data-testid="filter-subfolders"
              className="size-3.5 accent-[var(--color-primary)]"
              checked={search.sub !== "0"}
              onChange={(e) => onSearchChange({ sub: e.target.checked ? undefined : "0" })}
            />
            Search subfolders of this folder too
          </label>
        ) : null}
      </Group>
      <Group title="Processing status">
        <div className="flex flex-wrap gap-1.5">
          {PROCESSING_STATUSES.map((status) => (
            <Toggle
              key={status}
              on={search.processingStatus === status}
              testId={`filter-status-${status}`}
              onClick={() =>
                onSearchChange({
                  processingStatus: search.processingStatus === status ? undefined : status,
                })
              }
            >
              {STATUS_LABELS[status]}
            </Toggle>
          ))}
        </div>
      </Group>
      <Group title="Tags" className="sm:col-span-2 lg:col-span-3">
        {shownTags.length === 0 ? (
          <p className="text-muted-foreground text-xs">
            {tags.isLoading
              ? "Loading tags…"
              : "No tags yet. Add tags to a document from its panel."}
          </p>
        ) : (
          <div className="flex flex-wrap gap-1.5" data-testid="filter-tags">
            {shownTags.map((tag) => (
              <Toggle
                key={tag}
                on={chosenTags.includes(tag)}
                onClick={() => toggleTag(tag)}
                testId="filter-tag"
              >
                {tag}
                <span className="text-muted-foreground/80 tabular-nums">
                  {knownTags.find((k) => k.name === tag)?.count ?? ""}
                </span>
              </Toggle>
            ))}
          </div>
        )}
      </Group>
      <div className="flex justify-end sm:col-span-2 lg:col-span-3">
        <Button
          variant="ghost"
          size="sm"
          data-testid="filter-clear"
          onClick={() =>
            onSearchChange({
              fileTypes: undefined,
              processingStatus: undefined,
              tags: undefined,
              start: undefined,
              end: undefined,
              sub: undefined,
            })
          }
        >
          Clear filters
        </Button>
      </div>
    </section>
  );
}

function Group({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <h3 className="mb-2 font-medium text-[11px] text-muted-foreground uppercase tracking-wider">
        {title}
      </h3>
      {children}
    </div>
  );
}

function Toggle({
  on,
  onClick,
  children,
  testId,
}: {
  on: boolean;
  onClick: () => void;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={onClick}
      data-testid={testId}
      className={cn(
        "inline-flex h-7 items-center gap-1.5 rounded-full border px-2.5 text-[12px] outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring",
        on
          ? "border-primary/60 bg-primary/15 text-foreground"
          : "border-border bg-background/40 text-muted-foreground hover:border-primary/40 hover:text-foreground",
      )}
    >
      {on ? <Check aria-hidden="true" className="size-3" /> : null}
      {children}
    </button>
  );
}
