import ScrollText from "lucide-react/icons/scroll-text";
import { Fragment, useState } from "react";
import type { AuditEntry, AuditFilter } from "#shared/schemas/audit.ts";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { formatDateTime } from "../../../lib/format-date.ts";
import { useCursorPages } from "../../../lib/use-cursor-pages.ts";
import { auditPageOptions } from "../api/audit-queries.ts";
import { actionLabel, actionTone } from "./audit-labels.ts";

const COLUMNS = ["Time", "Action", "Actor", "Organization", "Target", "Address"];

/** The log's lines for a filter, newest first, 50 at a time; a line opens to show its details. */
export function AuditTable({
  filter,
  onFilterActor,
}: {
  filter: AuditFilter;
  onFilterActor: (actorUserId: string, actorName: string) => void;
}) {
  const pages = useCursorPages(
    (cursor) => auditPageOptions(filter, cursor),
    JSON.stringify(filter),
  );
  const [open, setOpen] = useState<string | null>(null);

  if (pages.error && pages.rows.length === 0) {
    return (
      <div role="alert" className="rounded-xl border px-6 py-10 text-center">
        <p className="font-medium">The log could not be loaded</p>
        <p className="mt-1 text-muted-foreground text-sm">{pages.error.message}</p>
        <Button className="mt-4" size="sm" onClick={pages.retry}>
          Try Again
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <div className="overflow-x-auto rounded-xl border bg-card">
        <table className="w-full text-sm" data-testid="audit-table">
          <thead className="text-left text-muted-foreground text-xs">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="whitespace-nowrap px-3 py-2.5 font-medium">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {pages.isLoading
              ? Array.from({ length: 8 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <tr key={i} className="border-t">
                    {COLUMNS.map((column) => (
                      <td key={column} className="px-3 py-3">
                        <Skeleton className="h-4 w-full max-w-40" />
                      </td>
                    ))}
                  </tr>
                ))
              : pages.rows.map((entry) => (
                  <Fragment key={entry._id}>
                    <AuditRow
                      entry={entry}
                      expanded={open === entry._id}
                      onToggle={() => setOpen(open === entry._id ? null : entry._id)}
                      onFilterActor={onFilterActor}
                    />
                    {open === entry._id ? <AuditDetails entry={entry} /> : null}
                  </Fragment>
                ))}
          </tbody>
        </table>
        {!pages.isLoading && pages.rows.length === 0 ? (
          <div className="flex flex-col items-center px-6 py-14 text-center">
            <ScrollText aria-hidden="true" className="mb-3 size-7 text-muted-foreground" />
            <p className="font-medium">No lines match these filters</p>
            <p className="mt-1 text-muted-foreground text-sm">Widen the days or clear a filter.</p>
          </div>
        ) : null}
      </div>
      {pages.hasMore ? (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-center"
          onClick={pages.loadMore}
          disabled={pages.isLoadingMore}
          data-testid="audit-load-more"
        >
          {pages.isLoadingMore ? "Loading…" : "Show older lines"}
        </Button>
      ) : null}
    </div>
  );
}

function targetOf(entry: AuditEntry): string {
  const name = entry.metadata.targetName ?? entry.metadata.subject ?? entry.metadata.email;
  if (typeof name === "string" && name)
    return entry.targetType ? `${entry.targetType}: ${name}` : name;
  if (entry.targetType) return `${entry.targetType} ${entry.targetId?.slice(0, 8) ?? ""}`.trim();
  return "—";
}

function AuditRow({
  entry,
  expanded,
  onToggle,
  onFilterActor,
}: {
  entry: AuditEntry;
  expanded: boolean;
  onToggle: () => void;
  onFilterActor: (actorUserId: string, actorName: string) => void;
}) {
  return (
    <tr
      className={cn("border-t align-top", expanded && "bg-muted/30")}
      data-testid="audit-row"
      data-action={entry.action}
    >
      <td className="whitespace-nowrap px-3 py-2.5">
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={expanded}
          className="cursor-pointer rounded-sm text-left tabular-nums outline-none hover:text-primary focus-visible:ring-2 focus-visible:ring-ring"
          title="Show details"
        >
          <time dateTime={new Date(entry._creationTime).toISOString()}>
            {formatDateTime(entry._creationTime)}
          </time>
        </button>
      </td>
      <td className="px-3 py-2.5">
        <span
          className={cn(
            "inline-block whitespace-nowrap rounded-full border px-2 py-0.5 font-medium text-[11.5px]",
            actionTone(entry.action),
          )}
          title={entry.action}
        >
          {actionLabel(entry.action)}
        </span>
      </td>
      <td className="px-3 py-2.5">
        {entry.actorUserId && entry.actorName ? (
          <button
            type="button"
            onClick={() => onFilterActor(entry.actorUserId ?? "", entry.actorName ?? "")}
            className="cursor-pointer rounded-sm text-left outline-none hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            title={`Only ${entry.actorName}'s lines`}
          >
            <span className="block max-w-48 truncate">{entry.actorName}</span>
            <span className="block max-w-48 truncate text-muted-foreground text-xs">
              {entry.actorEmail}
            </span>
          </button>
        ) : (
          <span className="text-muted-foreground">—</span>
        )}
      </td>
      <td className="max-w-48 truncate px-3 py-2.5 text-muted-foreground">
        {entry.organizationName ?? "—"}
      </td>
      <td className="max-w-64 truncate px-3 py-2.5 text-muted-foreground" title={targetOf(entry)}>
        {targetOf(entry)}
      </td>
      <td className="whitespace-nowrap px-3 py-2.5 font-mono text-muted-foreground text-xs">
        {entry.ip ?? "—"}
      </td>
    </tr>
  );
}

function AuditDetails({ entry }: { entry: AuditEntry }) {
  return (
    <tr className="bg-muted/30">
      <td colSpan={COLUMNS.length} className="px-3 pb-3">
        <dl className="grid gap-2 rounded-lg border bg-background/60 p-3 text-xs sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Action</dt>
            <dd className="font-mono">{entry.action}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Target</dt>
            <dd className="break-all font-mono">
              {entry.targetType ?? "—"} {entry.targetId ?? ""}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-muted-foreground">Browser</dt>
            <dd className="break-all">{entry.userAgent ?? "—"}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-muted-foreground">Details</dt>
            <dd>
              <pre className="overflow-x-auto whitespace-pre-wrap break-all font-mono">
                {JSON.stringify(entry.metadata, null, 2)}
              </pre>
            </dd>
          </div>
        </dl>
      </td>
    </tr>
  );
}
