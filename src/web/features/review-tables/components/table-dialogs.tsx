import { useEffect } from "react";
import { z } from "zod";
import { tableNameSchema } from "#shared/schemas/review-table.ts";
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

const nameForm = z.object({ name: tableNameSchema });

/** Name a new table or rename one, with the shared schema's messages. */
export function TableNameDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  initialName: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<void>;
  testId: string;
}) {
  const { open, initialName, onOpenChange } = props;
  const form = useZodForm(nameForm, { name: initialName });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ name: initialName });
  }, [open, initialName, reset]);
  const submit = form.handleSubmit(async ({ name }) => {
    if (name !== initialName.trim() || initialName === "") await props.onSubmit(name);
    onOpenChange(false);
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid={props.testId} aria-describedby={`${props.testId}-description`}>
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription id={`${props.testId}-description`}>
            {props.description}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          {form.errors.form ? <Alert variant="error">{form.errors.form}</Alert> : null}
          <FormField label="Name" error={form.errors.name}>
            <Input
              {...form.field("name")}
              autoFocus
              autoComplete="off"
              placeholder="Supplier contracts 2025"
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
