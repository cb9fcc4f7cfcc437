import { useQuery } from "@tanstack/react-query";
import ChevronDown from "lucide-react/icons/chevron-down";
import LifeBuoy from "lucide-react/icons/life-buoy";
import MessageSquare from "lucide-react/icons/message-square";
import { PageHeader } from "../../../components/page-header.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { mySupportRequestsOptions } from "../api/support-queries.ts";
import { SupportFaq } from "./support-faq.tsx";
import { SupportRequestForm } from "./support-request-form.tsx";
import { SeverityLabel, SupportStatusBadge } from "./support-status-badge.tsx";
import { SupportThread } from "./support-thread.tsx";

/**
 * /account/support: answers to common questions, a request form, and the
 * member's requests with their threads (one open at a time: `?request=`).
 */
export function SupportPage({
  openRequestId,
  onOpenRequest,
}: {
  openRequestId: string | undefined;
  onOpenRequest: (requestId: string | undefined) => void;
}) {
  usePageTitle("Support");
  const requests = useQuery(mySupportRequestsOptions());
  // Someone coming back for an answer sees their requests first.
  const hasRequests = (requests.data?.length ?? 0) > 0;
  const requestsSection = (
    <section aria-labelledby="support-requests-title" className="grid gap-3">
      <h2 id="support-requests-title" className="font-semibold text-base tracking-tight">
        Your requests
      </h2>
      {requests.data === undefined ? (
        <Skeleton className="h-16 w-full" />
      ) : requests.data.length === 0 ? (
        <div
          className="flex items-center gap-3 rounded-xl border border-dashed px-5 py-6 text-muted-foreground text-sm"
          data-testid="support-requests-empty"
        >
          <LifeBuoy aria-hidden="true" className="size-5" />
          You have not asked us anything yet.
        </div>
      ) : (
        <ul className="grid gap-2" data-testid="support-requests">
          {requests.data.map((request) => {
            const open = request._id === openRequestId;
            return (
              <li
                key={request._id}
                className="rounded-xl border bg-card"
                data-testid="support-request"
                data-request-id={request._id}
              >
                <button
                  type="button"
                  aria-expanded={open}
                  onClick={() => onOpenRequest(open ? undefined : request._id)}
                  className="flex w-full cursor-pointer items-center gap-3 rounded-xl px-4 py-3 text-left outline-none hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <MessageSquare
                    aria-hidden="true"
                    className="size-4 shrink-0 text-muted-foreground"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-sm">{request.subject}</span>
                    <span className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1">
                      <SeverityLabel severity={request.severity} />
                      <span className="text-[12px] text-muted-foreground">
                        {request.messageCount} {request.messageCount === 1 ? "message" : "messages"}{" "}
                        · last{" "}
                        {new Date(request.lastMessageAt).toLocaleString([], {
                          dateStyle: "medium",
                          timeStyle: "short",
                        })}
                      </span>
                    </span>
                  </span>
                  <SupportStatusBadge status={request.status} />
                  <ChevronDown
                    aria-hidden="true"
                    className={cn(
                      "size-4 text-muted-foreground transition-transform",
                      open && "rotate-180",
                    )}
                  />
                </button>
                {open ? (
                  <div className="border-t px-4 py-4">
                    <SupportThread requestId={request._id} />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );

  return (
    <div className="w-full" data-testid="support-page">
      <PageHeader
        level={2}
        title="Support"
        description="Find an answer, or ask us. We reply here and tell you when we do."
      />
      <div className="mt-8 grid gap-6">
        {hasRequests ? requestsSection : null}
        <Card role="region" aria-labelledby="support-help-title">
          <CardHeader>
            <CardTitle id="support-help-title">Common questions</CardTitle>
            <CardDescription>Most questions are answered here.</CardDescription>
          </CardHeader>
          <CardContent>
            <SupportFaq />
          </CardContent>
        </Card>

        <Card role="region" aria-labelledby="support-form-title">
          <CardHeader>
            <CardTitle id="support-form-title">Contact support</CardTitle>
            <CardDescription>
              Describe the problem; attach the document it concerns if there is one.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <SupportRequestForm onCreated={(id) => onOpenRequest(id)} />
          </CardContent>
        </Card>
        {hasRequests ? null : requestsSection}
      </div>
    </div>
  );
}
