import { type FormEvent, useEffect, useState } from "react";
import { threadTitleSchema } from "#shared/schemas/chat.ts";
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

interface RenameThreadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  onRename: (title: string) => void;
}

/** A new name for a thread, checked with the same rule as the server. */
export function RenameThreadDialog({
  open,
  onOpenChange,
  title,
  onRename,
}: RenameThreadDialogProps) {
  const [value, setValue] = useState(title);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (open) {
      setValue(title);
      setError(undefined);
    }
  }, [open, title]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = threadTitleSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Invalid title");
      return;
    }
    onOpenChange(false);
    if (parsed.data !== title) onRename(parsed.data);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="rename-thread-dialog">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Rename thread</DialogTitle>
            <DialogDescription>
              Give the conversation a name you will recognize later.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Title" error={error}>
            <Input
              value={value}
              onChange={(event) => setValue(event.target.value)}
              maxLength={220}
              data-testid="rename-thread-input"
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" data-testid="rename-thread-save">
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
