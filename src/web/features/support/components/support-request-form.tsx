import Send from "lucide-react/icons/send";
import { useState } from "react";
import {
  SUPPORT_SEVERITIES,
  SUPPORT_SEVERITY_LABELS,
  type SupportSeverity,
  supportRequestFieldsSchema,
} from "#shared/schemas/support.ts";
import { useZodForm } from "../../../components/forms/use-zod-form.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { useCreateSupportRequest } from "../hooks/use-support-mutations.ts";
import { type ChosenDocument, DocumentAttachmentField } from "./document-attachment-field.tsx";

type SupportFormValues = {
  subject: string;
  message: string;
  severity: SupportSeverity;
  documentId: string;
};

export const fieldClass = cn(
  "w-full rounded-md border border-input bg-background/40 px-3 py-2 text-sm",
  "shadow-xs outline-none placeholder:text-muted-foreground/70",
  "focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25",
  "aria-invalid:border-destructive aria-invalid:ring-destructive/20",
);

const EMPTY: SupportFormValues = {
  subject: "",
  message: "",
  severity: "normal",
  documentId: "",
};

/** A new request: subject, message, severity and an optional document. */
export function SupportRequestForm({ onCreated }: { onCreated: (requestId: string) => void }) {
  const form = useZodForm(supportRequestFieldsSchema, EMPTY);
  const [document, setDocument] = useState<ChosenDocument | null>(null);
  const create = useCreateSupportRequest();

  const submit = form.handleSubmit(async (fields) => {
    const request = await create.mutateAsync(fields);
    form.reset(EMPTY);
    setDocument(null);
    toast({ title: "Request sent", description: "We will answer here and let you know." });
    onCreated(request._id);
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="support-form">
      <div className="grid gap-4 sm:grid-cols-[1fr_14rem]">
        <FormField label="Subject" error={form.errors.subject}>
          <Input
            {...form.field("subject")}
            placeholder="What is it about?"
            maxLength={150}
            data-testid="support-subject"
          />
        </FormField>
        <FormField
          label="Severity"
          error={form.errors.severity}
          description={SUPPORT_SEVERITY_LABELS[form.values.severity]?.hint}
        >
          <select
            {...form.field("severity")}
            className={cn(fieldClass, "h-9 py-0")}
            data-testid="support-severity"
          >
            {SUPPORT_SEVERITIES.map((severity) => (
              <option key={severity} value={severity}>
                {SUPPORT_SEVERITY_LABELS[severity].label}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField label="Message" error={form.errors.message}>
        <textarea
          {...form.field("message")}
          rows={5}
          placeholder="What happened, what you expected, and the steps to see it."
          className={fieldClass}
          data-testid="support-message"
        />
      </FormField>
      <div className="grid gap-2">
        <Label htmlFor="support-document">Document</Label>
        <DocumentAttachmentField
          id="support-document"
          value={document}
          onChange={(chosen) => {
            setDocument(chosen);
            form.setValue("documentId", chosen?.id ?? "");
          }}
        />
        {form.errors.documentId ? (
          <p className="text-destructive text-sm">{form.errors.documentId}</p>
        ) : null}
      </div>
      {form.errors.form ? <Alert variant="error">{form.errors.form}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={form.submitting} data-testid="support-submit">
          <Send aria-hidden="true" />
          Send request
        </Button>
      </div>
    </form>
  );
}
