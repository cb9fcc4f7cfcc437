import { useEffect, useRef } from "react";
import { z } from "zod";
import { useZodForm } from "../../../components/forms/use-zod-form.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
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

interface NameDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  label: string;
  /** The shared schema of the name (folderNameSchema, documentNameSchema). */
  schema: z.ZodType<string, string>;
  initialName: string;
  submitLabel: string;
  /** Saves; a thrown error is shown in the dialog, which stays open. */
  onSubmit: (name: string) => Promise<void>;
  testId: string;
}

/** A one-field dialog for naming a folder or document, with the shared validation messages. */
export function NameDialog(props: NameDialogProps) {
  const { isOpen, onOpenChange, schema, initialName } = props;
  const form = useZodForm(z.object({ name: schema }), { name: initialName });
  const { reset } = form;
  /** The name is preselected once, when the dialog opens; later clicks place the caret. */
  const preselected = useRef(false);

  useEffect(() => {
    if (!isOpen) return;
    reset({ name: initialName });
    preselected.current = false;
  }, [isOpen, initialName, reset]);

  const onSubmit = form.handleSubmit(async ({ name }) => {
    if (name === initialName.trim() && initialName !== "") {
      onOpenChange(false);
      return;
    }
    await props.onSubmit(name);
    onOpenChange(false);
  });

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent data-testid={props.testId} aria-describedby={`${props.testId}-description`}>
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription id={`${props.testId}-description`}>
            {props.description}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {form.errors.form ? <Alert variant="error">{form.errors.form}</Alert> : null}
          <FormField label={props.label} error={form.errors.name}>
            <Input
              {...form.field("name")}
              autoFocus
              autoComplete="off"
              onFocus={(event) => {
                if (preselected.current) return;
                preselected.current = true;
                const input = event.currentTarget;
                // Select the name without its extension, as file managers do.
                const dot = input.value.lastIndexOf(".");
                input.setSelectionRange(0, dot > 0 ? dot : input.value.length);
              }}
              data-testid={`${props.testId}-input`}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={form.submitting} data-testid={`${props.testId}-submit`}>
              {form.submitting ? <Spinner /> : null}
              {props.submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
