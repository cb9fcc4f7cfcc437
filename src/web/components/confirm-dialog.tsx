import { type ReactNode, useState } from "react";
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

export interface ConfirmDialogProps {
  /** Leave out for a dialog mounted only while it is asked (it is then open). */
  open?: boolean;
  /** Called with false on Cancel, Escape, a click outside, and once the action succeeded. */
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** Between the description and the buttons: what goes with it, a warning. */
  children?: ReactNode;
  confirmLabel: string;
  /** The confirm button in the destructive colour (deleting, disabling, discarding). */
  destructive?: boolean;
  /** False while what the confirmation depends on still loads. */
  ready?: boolean;
  /**
   * Runs the action. Once it resolves the dialog closes; if it rejects the dialog stays, says
   * why, and can be tried again. An optimistic action returns at once.
   */
  onConfirm: () => unknown;
  /** The dialog's test id; its confirm button's is `<testId>-confirm`, its error's `<testId>-error`. */
  testId?: string;
}

/**
 * "Are you sure?" before an action that is hard to take back, the one way the product asks:
 * an alert dialog whose Cancel has the focus, so Enter never confirms by accident.
 */
export function ConfirmDialog({
  open = true,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  destructive = false,
  ready = true,
  onConfirm,
  testId = "confirm-dialog",
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
    >
      <DialogContent
        role="alertdialog"
        data-testid={testId}
        aria-describedby={`${testId}-description`}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription id={`${testId}-description`}>{description}</DialogDescription>
        </DialogHeader>
        {children}
        {error ? (
          <p role="alert" className="text-destructive text-sm" data-testid={`${testId}-error`}>
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)} autoFocus>
            Cancel
          </Button>
          <Button
            type="button"
            variant={destructive ? "destructive" : "default"}
            disabled={!ready || busy}
            onClick={() => void confirm()}
            data-testid={`${testId}-confirm`}
          >
            {busy ? <Spinner /> : null}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
