import { useQuery } from "@tanstack/react-query";
import Archive from "lucide-react/icons/archive";
import ArchiveRestore from "lucide-react/icons/archive-arrow-up";
import Send from "lucide-react/icons/send";
import { z } from "zod";
import { SUPPORT_SEVERITY_LABELS, supportMessageSchema } from "#shared/schemas/support.ts";
import { useZodForm } from "../../../components/forms/use-zod-form.ts";
import { SupportMessages } from "../../../components/support-messages.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { inboxThreadOptions } from "../api/inbox-queries.ts";
import {
  useAnswerRequest,
  useCloseRequest,
  useReopenRequest,
} from "../hooks/use-inbox-mutations.ts";
import { InboxStatusBadge } from "./status-badge.tsx";

const answerSchema = z.object({ body: supportMessageSchema });

/** One request: its messages (live), an answer box, and Close / Reopen. */
export function InboxThread({ requestId }: { requestId: string }) {
  const thread = useQuery(inboxThreadOptions(requestId));
  const answer = useAnswerRequest();
  const close = useCloseRequest();
  const reopen = useReopenRequest();
  const form = useZodForm(answerSchema, { body: "" });

  if (thread.error && !thread.data) {
    return (
      <p role="alert" className="p-6 text-destructive text-sm">
        {thread.error.message}
      </p>
    );
  }
  if (!thread.data) {
    return (
      <div className="grid gap-3 p-6" aria-busy="true">
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-16 w-3/4" />
        <Skeleton className="ml-auto h-12 w-2/3" />
      </div>
    );
  }
  const t = thread.data;
  const submit = form.handleSubmit(async ({ body }) => {
    await answer.mutateAsync({ requestId, body });
    form.reset({ body: "" });
  });
  return (
    <article
      className="grid gap-5 p-6"
      data-testid="inbox-thread"
      aria-labelledby="inbox-thread-title"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="inbox-thread-title" className="font-semibold text-lg leading-tight">
            {t.subject}
          </h2>
          <p className="mt-1 text-muted-foreground text-sm">
            {t.requester.name} ({t.requester.email}) · {SUPPORT_SEVERITY_LABELS[t.severity].label}{" "}
            priority
            {t.documentName ? ` · about “${t.documentName}”` : ""}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <InboxStatusBadge status={t.status} />
          {t.status === "closed" ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => reopen.mutate({ requestId })}
              disabled={reopen.isPending}
              data-testid="inbox-reopen"
            >
              <ArchiveRestore aria-hidden="true" />
              Reopen
            </Button>
          ) : (
            <Button
              variant="outline"
              size="sm"
              onClick={() => close.mutate({ requestId })}
              disabled={close.isPending}
              data-testid="inbox-close"
            >
              <Archive aria-hidden="true" />
              Close
            </Button>
          )}
        </div>
      </header>
      <SupportMessages messages={t.messages} ownSide="support" itemTestId="inbox-message" />
      <form onSubmit={submit} noValidate className="grid gap-2">
        <FormField label="Answer as Support" error={form.errors.body ?? form.errors.form}>
          <Textarea
            {...form.field("body")}
            rows={4}
            placeholder="Write the answer the member will receive…"
            data-testid="inbox-answer-body"
          />
        </FormField>
        <div className="flex items-center justify-between gap-3">
          <p className="text-muted-foreground text-xs">
            The member is notified, and the request is marked answered.
          </p>
          <Button
            type="submit"
            size="sm"
            disabled={form.submitting}
            data-testid="inbox-answer-send"
          >
            <Send aria-hidden="true" />
            Send answer
          </Button>
        </div>
      </form>
    </article>
  );
}
