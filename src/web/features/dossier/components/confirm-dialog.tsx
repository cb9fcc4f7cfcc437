import type { ReactNode } from "react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";

interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  /** Disabled while what the confirmation depends on loads. */
  ready?: boolean;
  /** Runs the action; the dialog closes first when the action is optimistic. */
  onConfirm: () => Promise<void> | void;
  testId: string;
}

/** Asks before something destructive; the destructive button is not the default focus. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { onOpenChange, ready = true } = props;
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await props.onConfirm();
      onOpenChange(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={props.isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        role="alertdialog"
        data-testid={props.testId}
        aria-describedby={`${props.testId}-description`}
      >
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription id={`${props.testId}-description`}>
            {props.description}
          </DialogDescription>
        </DialogHeader>
        {props.children}
        <DialogFooter>
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)} autoFocus>
            Cancel
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={!ready || busy}
            onClick={() => void confirm()}
            data-testid={`${props.testId}-confirm`}
          >
            {busy ? <Spinner /> : null}
            {props.confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
