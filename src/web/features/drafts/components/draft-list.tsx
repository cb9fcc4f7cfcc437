import { Link } from "@tanstack/react-router";
import FileText from "lucide-react/icons/file-text";
import LoaderCircle from "lucide-react/icons/loader-circle";
import Paperclip from "lucide-react/icons/paperclip";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { DRAFT_STATUSES, type DraftStatus, type DraftSummary } from "#shared/schemas/draft.ts";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { SearchInput } from "../../../components/ui/search-input.tsx";
import { relativeTime } from "../lib/format.ts";
import type { DraftsSearch } from "../search.ts";
import { DRAFT_STATUS_LABELS, DraftStatusBadge } from "./draft-status-badge.tsx";
import { DraftListSkeleton } from "./drafts-skeleton.tsx";

interface DraftListProps {
  search: DraftsSearch;
  drafts: DraftSummary[] | undefined;
  error: Error | null;
  onRetry: () => void;
  onSearchChange: (patch: Partial<DraftsSearch>) => void;
  onSelect: (draftId: string) => void;
}

const ALL = "all";

/** The left pane: search, filters and the member's drafts, newest first. */
export function DraftList(props: DraftListProps) {
  const { search, drafts, onSearchChange } = props;
  const [text, setText] = useState(search.q ?? "");
  // The address changes when typing pauses; Back/Forward bring their own q.
  useEffect(() => setText(search.q ?? ""), [search.q]);
  useEffect(() => {
    const next = text.trim() || undefined;
    if (next === search.q) return;
    const timer = setTimeout(() => onSearchChange({ q: next }), 250);
    return () => clearTimeout(timer);
  }, [text, search.q, onSearchChange]);

  const filtered = Boolean(search.q || search.status || search.pending);
  return (
    <section
      aria-label="Drafts"
      className="flex min-h-0 flex-col rounded-xl border bg-card/40 lg:h-full"
      data-testid="draft-list-pane"
    >
      <div className="flex flex-col gap-2.5 border-b p-3">
        <SearchInput
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search drafts"
          aria-label="Search drafts"
          data-testid="draft-search"
        />
        <div className="flex items-center gap-2">
          <select
            value={search.status ?? ALL}
            onChange={(e) =>
              onSearchChange({
                status: e.target.value === ALL ? undefined : (e.target.value as DraftStatus),
              })
            }
            aria-label="Status"
            data-testid="draft-status-filter"
            className={cn(
              "h-8 min-w-0 flex-1 rounded-md border border-input bg-background/40 px-2.5 text-[13px] shadow-xs outline-none",
              "focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25",
            )}
          >
            <option value={ALL}>All statuses</option>
            {DRAFT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {DRAFT_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
          <Button
            type="button"
            size="sm"
            variant={search.pending ? "secondary" : "outline"}
            aria-pressed={search.pending === true}
            onClick={() => onSearchChange({ pending: search.pending ? undefined : true })}
            data-testid="draft-pending-toggle"
            className={cn(search.pending && "border border-primary/40 text-primary")}
          >
            <LoaderCircle aria-hidden="true" className={cn(search.pending && "animate-spin")} />
            Generating
          </Button>
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {drafts ? (
          drafts.length > 0 ? (
            <DraftItems drafts={drafts} selectedId={search.id} onSelect={props.onSelect} />
          ) : (
            <EmptyList
              filtered={filtered}
              onClear={() =>
                onSearchChange({ q: undefined, status: undefined, pending: undefined })
              }
            />
          )
        ) : props.error ? (
          <div className="p-6 text-center text-sm" role="alert">
            <p className="font-medium">Could not load your drafts</p>
            <p className="mt-1 text-muted-foreground">{props.error.message}</p>
            <Button size="sm" variant="outline" className="mt-3" onClick={props.onRetry}>
              Try Again
            </Button>
          </div>
        ) : (
          <DraftListSkeleton />
        )}
      </div>
    </section>
  );
}

function DraftItems({
  drafts,
  selectedId,
  onSelect,
}: {
  drafts: DraftSummary[];
  selectedId: string | undefined;
  onSelect: (draftId: string) => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  // Up and down move the selection (and the focus) through the list.
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    const at = drafts.findIndex((d) => d._id === selectedId);
    const next =
      event.key === "ArrowDown" ? Math.min(drafts.length - 1, at + 1) : Math.max(0, at - 1);
    const target = drafts[next];
    if (!target) return;
    onSelect(target._id);
    listRef.current?.querySelector<HTMLElement>(`[data-draft-id="${target._id}"]`)?.focus();
  };
  return (
    <ul
      ref={listRef}
      className="flex flex-col gap-0.5 p-1.5"
      data-testid="draft-list"
      onKeyDown={onKeyDown}
    >
      {drafts.map((draft) => {
        const selected = draft._id === selectedId;
        return (
          <li key={draft._id}>
            <button
              type="button"
              data-draft-id={draft._id}
              data-testid="draft-item"
              aria-current={selected || undefined}
              onClick={() => onSelect(draft._id)}
              className={cn(
                "group w-full rounded-lg px-3 py-2.5 text-left outline-none transition-colors",
                "hover:bg-accent/70 focus-visible:ring-2 focus-visible:ring-ring",
                selected && "bg-accent hover:bg-accent",
              )}
            >
              <div className="flex items-start justify-between gap-3">
                <span className="flex min-w-0 items-center gap-1.5 font-medium text-[13.5px] leading-5">
                  {draft.fileName ? (
                    <Paperclip
                      aria-hidden="true"
                      className="size-3.5 shrink-0 text-muted-foreground"
                    />
                  ) : null}
                  <span className="truncate">{draft.title}</span>
                </span>
                <DraftStatusBadge status={draft.status} />
              </div>
              <div className="mt-0.5 flex items-center gap-1.5 text-[12px] text-muted-foreground">
                <span className="truncate">{draft.moduleName ?? "Draft"}</span>
                <span aria-hidden="true">·</span>
                <time className="shrink-0" dateTime={new Date(draft.updatedAt).toISOString()}>
                  {relativeTime(draft.updatedAt)}
                </time>
              </div>
              {draft.excerpt ? (
                <p className="mt-1.5 line-clamp-2 text-[12.5px] text-foreground/65 leading-snug">
                  {draft.excerpt}
                </p>
              ) : draft.status === "pending" ? (
                <p className="mt-1.5 text-[12.5px] text-muted-foreground italic">Generating…</p>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function EmptyList({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <div className="flex flex-col items-center px-6 py-14 text-center" data-testid="draft-empty">
      <span className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <FileText aria-hidden="true" className="size-5" />
      </span>
      {filtered ? (
        <>
          <p className="mt-3 font-medium text-sm">No drafts match</p>
          <p className="mt-1 text-muted-foreground text-sm">Try other words or another status.</p>
          <Button size="sm" variant="outline" className="mt-4" onClick={onClear}>
            Clear filters
          </Button>
        </>
      ) : (
        <>
          <p className="mt-3 font-medium text-sm">No drafts yet</p>
          <p className="mt-1 max-w-64 text-muted-foreground text-sm">
            Run a module and what it writes appears here for you to review, edit and save.
          </p>
          <Button size="sm" variant="outline" className="mt-4" asChild>
            <Link to="/modules">Browse modules</Link>
          </Button>
        </>
      )}
    </div>
  );
}
