import { useQuery } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import FileText from "lucide-react/icons/file-text";
import Send from "lucide-react/icons/send";
import { z } from "zod";
import { supportMessageSchema } from "#shared/schemas/support.ts";
import { useZodForm } from "../../../components/forms/use-zod-form.ts";
import { SupportMessages } from "../../../components/support-messages.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { supportThreadOptions } from "../api/support-queries.ts";
import { useReplyToSupport } from "../hooks/use-support-mutations.ts";
import { fieldClass } from "./support-request-form.tsx";

const replySchema = z.object({ body: supportMessageSchema });

/** One request's messages, live, and a box to reply. */
export function SupportThread({ requestId }: { requestId: string }) {
  const thread = useQuery(supportThreadOptions(requestId));
  const router = useRouter();
  const reply = useReplyToSupport();
  const form = useZodForm(replySchema, { body: "" });

  if (thread.error && !thread.data) {
    return <Alert variant="error">{thread.error.message}</Alert>;
  }
  if (!thread.data) {
    return (
      <div className="grid gap-3 py-2">
        <Skeleton className="h-16 w-3/4" />
        <Skeleton className="ml-auto h-12 w-2/3" />
      </div>
    );
  }
  const { messages, documentId, documentName } = thread.data;
  const submit = form.handleSubmit(async ({ body }) => {
    await reply.mutateAsync({ requestId, body });
    form.reset({ body: "" });
  });

  return (
    <div className="grid gap-4" data-testid="support-thread">
      {documentId ? (
        <a
          href={`/dossier?document=${encodeURIComponent(documentId)}`}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            router.history.push(`/dossier?document=${encodeURIComponent(documentId)}`);
          }}
          className="inline-flex w-fit items-center gap-1.5 rounded-md border bg-muted/40 px-2.5 py-1 text-[13px] hover:bg-accent"
        >
          <FileText aria-hidden="true" className="size-3.5 text-muted-foreground" />
          {documentName ?? "Attached document"}
        </a>
      ) : null}
      <SupportMessages messages={messages} ownSide="member" itemTestId="support-message-item" />
      <form onSubmit={submit} noValidate className="grid gap-2">
        <FormField label="Reply" error={form.errors.body ?? form.errors.form}>
          <textarea
            {...form.field("body")}
            rows={3}
            placeholder="Add details or answer support…"
            className={fieldClass}
            data-testid="support-reply-body"
          />
        </FormField>
        <div className="flex justify-end">
          <Button
            type="submit"
            size="sm"
            disabled={form.submitting}
            data-testid="support-reply-send"
          >
            <Send aria-hidden="true" />
            Send reply
          </Button>
        </div>
      </form>
    </div>
  );
}
