import MessagesSquare from "lucide-react/icons/messages-square";
import { useEffect, useState } from "react";
import { LookBanner } from "../../../components/admin/look-banner.tsx";
import { OrganizationSelect } from "../../../components/admin/organization-select.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { SearchInput } from "../../../components/ui/search-input.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { formatAgo, formatDateTime } from "../../../lib/format-date.ts";
import { useCursorPages } from "../../../lib/use-cursor-pages.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { adminThreadsOptions } from "../api/admin-look-queries.ts";
import { AdminThreadView } from "./admin-thread-view.tsx";
import { LoadError } from "./load-error.tsx";

export interface AdminChatLocation {
  org?: string;
  q?: string;
  thread?: string;
}

/** /admin/chat: every thread (filter by organization, search titles), and one read in full. */
export function AdminChatPage({
  location,
  onNavigate,
}: {
  location: AdminChatLocation;
  onNavigate: (next: AdminChatLocation) => void;
}) {
  usePageTitle("All chats · Admin");
  const [search, setSearch] = useState(location.q ?? "");
  const debounced = useDebouncedValue(search.trim(), 300);
  useEffect(() => {
    if ((location.q ?? "") !== debounced) onNavigate({ ...location, q: debounced || undefined });
  }, [debounced, location, onNavigate]);

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-10 sm:px-6 md:py-12">
      <PageHeader
        title="All chats"
        description="Every member's threads, read-only, to answer a support question or an investigation"
      />
      <LookBanner />
      <div className="grid min-h-[32rem] gap-4 lg:grid-cols-[minmax(18rem,24rem)_1fr]">
        <section aria-label="Threads" className="flex min-h-0 flex-col gap-3">
          <div className="grid gap-2">
            <label htmlFor="admin-chat-org" className="sr-only">
              Organization
            </label>
            <OrganizationSelect
              id="admin-chat-org"
              value={location.org ?? ""}
              onChange={(org) => onNavigate({ ...location, org: org || undefined })}
              testId="admin-chat-org"
            />
            <SearchInput
              type="search"
              aria-label="Search thread titles"
              placeholder="Search thread titles…"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              maxLength={200}
              data-testid="admin-chat-search"
            />
          </div>
          <ThreadList
            organizationId={location.org}
            search={location.q}
            selected={location.thread}
            onSelect={(thread) => onNavigate({ ...location, thread })}
          />
        </section>
        <section
          aria-label="Thread"
          className="min-h-0 overflow-hidden rounded-xl border bg-card/40"
        >
          {location.thread ? (
            <AdminThreadView key={location.thread} threadId={location.thread} />
          ) : (
            <div className="flex h-full flex-col items-center justify-center px-6 py-16 text-center">
              <MessagesSquare aria-hidden="true" className="mb-3 size-7 text-muted-foreground" />
              <p className="font-medium">Choose a thread to read it</p>
              <p className="mt-1 max-w-sm text-muted-foreground text-sm">
                Opening a thread is recorded in the audit log, and its owner sees it.
              </p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

function ThreadList({
  organizationId,
  search,
  selected,
  onSelect,
}: {
  organizationId?: string;
  search?: string;
  selected?: string;
  onSelect: (threadId: string) => void;
}) {
  const filter = { organizationId, search };
  const pages = useCursorPages(
    (cursor) => adminThreadsOptions(filter, cursor),
    JSON.stringify(filter),
  );
  if (pages.error && pages.rows.length === 0) {
    return <LoadError error={pages.error} retry={pages.retry} />;
  }
  if (pages.isLoading) {
    return (
      <div className="grid gap-2" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} className="h-16 rounded-lg" />
        ))}
      </div>
    );
  }
  if (pages.rows.length === 0) {
    return (
      <p className="rounded-lg border border-dashed px-4 py-10 text-center text-muted-foreground text-sm">
        {search ? `No thread title contains “${search}”.` : "No threads yet."}
      </p>
    );
  }
  return (
    <div className="grid gap-2">
      <ul className="grid gap-1.5" data-testid="admin-thread-list">
        {pages.rows.map((thread) => (
          <li key={thread._id}>
            <button
              type="button"
              onClick={() => onSelect(thread._id)}
              aria-current={thread._id === selected ? "true" : undefined}
              data-testid="admin-thread-item"
              className={cn(
                "w-full cursor-pointer rounded-lg border px-3 py-2.5 text-left outline-none transition-colors",
                "hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring",
                thread._id === selected ? "border-primary/45 bg-primary/[0.07]" : "bg-card",
              )}
            >
              <span className="block truncate font-medium text-[13.5px]">{thread.title}</span>
              <span className="mt-0.5 flex items-center justify-between gap-2 text-muted-foreground text-xs">
                <span className="truncate">
                  {thread.ownerName} · {thread.organizationName}
                </span>
                <time
                  dateTime={new Date(thread.lastMessageAt).toISOString()}
                  title={formatDateTime(thread.lastMessageAt)}
                  className="shrink-0"
                >
                  {formatAgo(thread.lastMessageAt)}
                </time>
              </span>
              <span className="mt-0.5 block text-muted-foreground/80 text-xs">
                {thread.messageCount} {thread.messageCount === 1 ? "message" : "messages"}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {pages.hasMore ? (
        <Button variant="outline" size="sm" onClick={pages.loadMore} disabled={pages.isLoadingMore}>
          {pages.isLoadingMore ? "Loading…" : "Show more threads"}
        </Button>
      ) : null}
    </div>
  );
}
