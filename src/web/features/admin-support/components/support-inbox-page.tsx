import { useQuery } from "@tanstack/react-query";
import Inbox from "lucide-react/icons/inbox";
import { SUPPORT_SEVERITY_LABELS, type SupportStatus } from "#shared/schemas/support.ts";
import { OrganizationSelect } from "../../../components/admin/organization-select.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { SegmentedControl } from "../../../components/ui/segmented-control.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { formatAgo, formatDateTime } from "../../../lib/format-date.ts";
import { inboxOptions } from "../api/inbox-queries.ts";
import { InboxThread } from "./inbox-thread.tsx";
import { InboxStatusBadge } from "./status-badge.tsx";

export interface InboxLocation {
  status?: SupportStatus;
  org?: string;
  request?: string;
}

type StatusChoice = SupportStatus | "all";

/** /admin/support: every organization's support requests; answer, close, reopen. Live. */
export function SupportInboxPage({
  location,
  onNavigate,
}: {
  location: InboxLocation;
  onNavigate: (next: InboxLocation) => void;
}) {
  usePageTitle("Support inbox · Admin");
  const inbox = useQuery(inboxOptions({ status: location.status, organizationId: location.org }));
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-10 sm:px-6 md:py-12">
      <PageHeader
        title="Support inbox"
        description="Requests from every organization, latest activity first. Members are notified of each answer."
      />
      <div className="flex flex-wrap items-center gap-3">
        <SegmentedControl<StatusChoice>
          label="Status"
          value={location.status ?? "all"}
          onValueChange={(status) =>
            onNavigate({ ...location, status: status === "all" ? undefined : status })
          }
          options={[
            { value: "all", label: "All" },
            { value: "open", label: "Open", testId: "inbox-filter-open" },
            { value: "answered", label: "Answered" },
            { value: "closed", label: "Closed" },
          ]}
        />
        <label htmlFor="inbox-org" className="sr-only">
          Organization
        </label>
        <OrganizationSelect
          id="inbox-org"
          value={location.org ?? ""}
          onChange={(org) => onNavigate({ ...location, org: org || undefined })}
          className="w-60"
        />
      </div>
      <div className="grid min-h-[30rem] gap-4 lg:grid-cols-[minmax(18rem,26rem)_1fr]">
        <section aria-label="Requests">
          {inbox.error && !inbox.data ? (
            <div role="alert" className="rounded-xl border px-4 py-8 text-center text-sm">
              <p>{inbox.error.message}</p>
              <Button className="mt-3" size="sm" onClick={() => void inbox.refetch()}>
                Try Again
              </Button>
            </div>
          ) : !inbox.data ? (
            <div className="grid gap-2" aria-busy="true">
              {Array.from({ length: 5 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <Skeleton key={i} className="h-20 rounded-lg" />
              ))}
            </div>
          ) : inbox.data.length === 0 ? (
            <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-14 text-center">
              <Inbox aria-hidden="true" className="mb-3 size-7 text-muted-foreground" />
              <p className="font-medium">Nothing here</p>
              <p className="mt-1 text-muted-foreground text-sm">
                {location.status || location.org
                  ? "No request matches these filters."
                  : "No member has asked for help yet."}
              </p>
            </div>
          ) : (
            <ul className="grid gap-1.5" data-testid="inbox-list">
              {inbox.data.map((request) => (
                <li key={request._id}>
                  <button
                    type="button"
                    onClick={() => onNavigate({ ...location, request: request._id })}
                    aria-current={request._id === location.request ? "true" : undefined}
                    data-testid="inbox-item"
                    className={cn(
                      "w-full cursor-pointer rounded-lg border px-3 py-2.5 text-left outline-none transition-colors",
                      "hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring",
                      request._id === location.request
                        ? "border-primary/45 bg-primary/[0.07]"
                        : "bg-card",
                    )}
                  >
                    <span className="flex items-start justify-between gap-2">
                      <span className="truncate font-medium text-[13.5px]">{request.subject}</span>
                      <InboxStatusBadge status={request.status} />
                    </span>
                    <span className="mt-1 block truncate text-muted-foreground text-xs">
                      {request.requester.name} · {request.organizationName}
                    </span>
                    <span className="mt-0.5 flex justify-between text-muted-foreground/80 text-xs">
                      <span
                        className={cn(
                          (request.severity === "high" || request.severity === "urgent") &&
                            "text-destructive",
                        )}
                      >
                        {SUPPORT_SEVERITY_LABELS[request.severity].label} · {request.messageCount}{" "}
                        {request.messageCount === 1 ? "message" : "messages"}
                      </span>
                      <time
                        dateTime={new Date(request.lastMessageAt).toISOString()}
                        title={formatDateTime(request.lastMessageAt)}
                      >
                        {formatAgo(request.lastMessageAt)}
                      </time>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-label="Request" className="min-h-0 rounded-xl border bg-card/40">
          {location.request ? (
            <InboxThread key={location.request} requestId={location.request} />
          ) : (
            <div className="flex h-full flex-col items-center justify-center px-6 py-16 text-center">
              <Inbox aria-hidden="true" className="mb-3 size-7 text-muted-foreground" />
              <p className="font-medium">Choose a request to answer it</p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
