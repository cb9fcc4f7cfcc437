import { parsePromptVariables } from "#shared/rules/prompt-variables.ts";
import type { Prompt } from "#shared/schemas/prompt.ts";
import { promptFieldsSchema } from "#shared/schemas/prompt.ts";
import { useZodForm } from "../../../components/forms/use-zod-form.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { usePromptDocuments } from "../hooks/use-prompt-documents.ts";
import { useCreatePrompt, useUpdatePrompt } from "../hooks/use-prompt-mutations.ts";
import { PromptCategoryField } from "./prompt-category-field.tsx";
import { PromptChatFields } from "./prompt-chat-fields.tsx";

/** The text fields go through the form; the documents are kept beside it. */
const promptFormSchema = promptFieldsSchema.omit({ documentIds: true });

interface PromptFormDialogProps {
  /** The prompt to edit; absent for a new one. */
  prompt?: Prompt;
  /** A new prompt for every organization (superadmins, /admin/prompts). */
  global?: boolean;
  onOpenChange: (open: boolean) => void;
}

/** New or edit prompt, with the shared schema's messages; server errors stay in the dialog. */
export function PromptFormDialog({ prompt, global, onOpenChange }: PromptFormDialogProps) {
  const create = useCreatePrompt();
  const update = useUpdatePrompt();
  const form = useZodForm(promptFormSchema, {
    title: prompt?.title ?? "",
    description: prompt?.description ?? "",
    categoryId: prompt?.categoryId ?? "",
    body: prompt?.body ?? "",
    modelId: prompt?.modelId ?? "",
  });
  const variables = parsePromptVariables(form.values.body);
  const isGlobal = prompt ? prompt.isGlobal : global === true;
  const documents = usePromptDocuments(prompt);
  const submit = form.handleSubmit(async (fields) => {
    const documentIds = isGlobal ? [] : documents.value.map((d) => d._id);
    if (prompt) await update.mutateAsync({ promptId: prompt._id, ...fields, documentIds });
    else await create.mutateAsync({ ...fields, documentIds, global });
    onOpenChange(false);
  });
  const testId = "prompt-form";
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent data-testid={testId} aria-describedby={`${testId}-description`}>
        <DialogHeader>
          <DialogTitle>
            {prompt ? "Edit prompt" : global ? "New global prompt" : "New prompt"}
          </DialogTitle>
          <DialogDescription id={`${testId}-description`}>
            Write variables as {"{{name}}"}; whoever uses the prompt fills them in.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          {form.errors.form ? <Alert variant="error">{form.errors.form}</Alert> : null}
          <FormField label="Title" error={form.errors.title}>
            <Input {...form.field("title")} autoFocus data-testid={`${testId}-title`} />
          </FormField>
          <FormField label="Description" error={form.errors.description}>
            <Input {...form.field("description")} data-testid={`${testId}-description-input`} />
          </FormField>
          <PromptCategoryField
            value={form.values.categoryId ?? ""}
            onChange={(categoryId) => form.setValue("categoryId", categoryId)}
            error={form.errors.categoryId}
            global={isGlobal}
            testId={testId}
          />
          <FormField
            label="Prompt"
            error={form.errors.body}
            description={
              variables.length > 0 ? `Variables: ${variables.join(", ")}` : "No variables yet"
            }
          >
            <textarea
              {...form.field("body")}
              rows={6}
              data-testid={`${testId}-body`}
              className={cn(
                "w-full rounded-md border border-input bg-background/40 px-3 py-2 font-mono text-[13px]",
                "shadow-xs outline-none placeholder:text-muted-foreground/70",
                "focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25",
                "aria-invalid:border-destructive aria-invalid:ring-destructive/20",
              )}
            />
          </FormField>
          <PromptChatFields
            modelId={form.values.modelId ?? ""}
            onModelChange={(modelId) => form.setValue("modelId", modelId)}
            modelError={form.errors.modelId}
            documents={isGlobal ? undefined : { value: documents.value, onChange: documents.set }}
            testId={testId}
          />
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={form.submitting} data-testid={`${testId}-submit`}>
              {form.submitting ? <Spinner /> : null}
              {prompt ? "Save" : "Create prompt"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
