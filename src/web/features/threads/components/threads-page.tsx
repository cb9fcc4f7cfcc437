import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import MessagesSquare from "lucide-react/icons/messages-square";
import Plus from "lucide-react/icons/plus";
import { useMemo, useState } from "react";
import { groupByDateBucket } from "#shared/rules/date-buckets.ts";
import { ErrorView } from "../../../components/error-view.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { SearchInput } from "../../../components/ui/search-input.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { threadListOptions } from "../api/thread-list-queries.ts";
import { useThreadActions } from "../hooks/use-thread-actions.ts";
import { ThreadListItem } from "./thread-list-item.tsx";
import { ThreadsPending } from "./threads-pending.tsx";

/** /threads: the user's conversations, live, grouped by when they were last active (SPEC 5). */
export function ThreadsPage() {
  usePageTitle("Threads");
  const threads = useQuery(threadListOptions());
  const { rename, remove } = useThreadActions();
  const [filter, setFilter] = useState("");

  const groups = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const list = (threads.data ?? []).filter(
      (t) => !needle || t.title.toLowerCase().includes(needle),
    );
    return groupByDateBucket(list, (t) => t.lastMessageAt);
  }, [threads.data, filter]);

  if (threads.error && !threads.data)
    return <ErrorView error={threads.error} reset={() => void threads.refetch()} />;
  if (!threads.data) return <ThreadsPending />;
  const total = threads.data.length;

  return (
    <div className="mx-auto w-full max-w-3xl px-6 py-10" data-testid="threads-page">
      <PageHeader
        title="Threads"
        description="Your conversations with the assistant. Only you can see them."
        actions={
          <Button asChild>
            <Link to="/command-center" data-testid="threads-new-chat">
              <Plus aria-hidden="true" />
              New chat
            </Link>
          </Button>
        }
      />
      {total === 0 ? (
        <EmptyThreads />
      ) : (
        <>
          <SearchInput
            wrapperClassName="mt-8"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder="Filter threads by title…"
            aria-label="Filter threads by title"
            className="h-10"
            data-testid="threads-filter"
          />
          {groups.length === 0 ? (
            <p className="py-16 text-center text-muted-foreground text-sm">
              No thread titles contain “{filter.trim()}”.
            </p>
          ) : (
            <div className="mt-6 grid gap-7">
              {groups.map((group) => (
                <section
                  key={group.bucket}
                  aria-labelledby={`threads-${group.bucket}`}
                  data-testid="thread-group"
                  data-bucket={group.bucket}
                >
                  <h2
                    id={`threads-${group.bucket}`}
                    className="mb-1.5 px-3 font-medium text-[11.5px] text-muted-foreground uppercase tracking-wider"
                  >
                    {group.bucket}
                  </h2>
                  <ul className="grid gap-0.5">
                    {group.items.map((thread) => (
                      <ThreadListItem
                        key={thread._id}
                        thread={thread}
                        onRename={(title) => rename.mutate({ threadId: thread._id, title })}
                        onDelete={() => remove.mutate({ threadId: thread._id })}
                      />
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}

function EmptyThreads() {
  return (
    <div
      className="mt-10 flex flex-col items-center rounded-xl border border-dashed px-6 py-16 text-center"
      data-testid="threads-empty"
    >
      <div className="flex size-12 items-center justify-center rounded-xl border bg-muted/60">
        <MessagesSquare aria-hidden="true" className="size-6 text-muted-foreground" />
      </div>
      <h2 className="mt-5 font-semibold text-lg tracking-tight">No conversations yet</h2>
      <p className="mt-2 max-w-sm text-muted-foreground text-sm">
        Ask the assistant something in the Command Center. Every conversation is kept here.
      </p>
      <Button asChild className="mt-6">
        <Link to="/command-center">
          <Plus aria-hidden="true" />
          Start a conversation
        </Link>
      </Button>
    </div>
  );
}
