import { Button } from "./ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "./ui/dialog.tsx";
import { Spinner } from "./ui/spinner.tsx";

interface ConfirmDialogProps {
  title: string;
  description: string;
  confirmLabel: string;
  destructive?: boolean;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The dialog's test id; its confirm button's is `<testId>-button`. */
  testId?: string;
}

/** "Are you sure?" before an admin action (archive, rotate, disable, sign out everywhere). */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  destructive,
  pending,
  onConfirm,
  onCancel,
  testId = "confirm-dialog",
}: ConfirmDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onCancel())}>
      <DialogContent data-testid={testId} aria-describedby={`${testId}-description`}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription id={`${testId}-description`}>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            type="button"
            variant={destructive ? "destructive" : "default"}
            disabled={pending}
            onClick={onConfirm}
            data-testid={`${testId}-button`}
          >
            {pending ? <Spinner /> : null}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
