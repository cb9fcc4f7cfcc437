import { type ReactNode, useEffect, useRef, useState } from "react";
import type { Folder } from "#shared/schemas/dossier.ts";
import { userFacingMessage } from "../../../components/error-view.tsx";
import { FolderPicker } from "../../../components/folder-picker.tsx";
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
import { Spinner } from "../../../components/ui/spinner.tsx";

interface MoveDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  folders: readonly Folder[];
  /** Where the item is now (null: the top level). */
  currentId: string | null;
  disabledIds?: ReadonlySet<string>;
  /** Moves; a thrown error (a cycle, a name taken) is shown and the dialog stays open. */
  onMove: (targetId: string | null) => Promise<void>;
  testId: string;
}

/** Choose a folder in the tree and move there: the body of both move dialogs. */
export function MoveDialog(props: MoveDialogProps) {
  const { isOpen, currentId, onOpenChange } = props;
  const [target, setTarget] = useState<string | null>(currentId);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // Start from where the item is each time the dialog opens; not again while it is open
  // (an optimistic move and its rollback change `currentId` meanwhile).
  const current = useRef(currentId);
  current.current = currentId;
  useEffect(() => {
    if (!isOpen) return;
    setTarget(current.current);
    setError(null);
  }, [isOpen]);

  const onMove = async () => {
    setSaving(true);
    setError(null);
    try {
      await props.onMove(target);
      onOpenChange(false);
    } catch (caught) {
      setError(userFacingMessage(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent data-testid={props.testId} aria-describedby={`${props.testId}-description`}>
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription id={`${props.testId}-description`}>
            {props.description}
          </DialogDescription>
        </DialogHeader>
        {error ? (
          <Alert variant="error" title="Not moved" data-testid={`${props.testId}-error`}>
            {error}
          </Alert>
        ) : null}
        <FolderPicker
          folders={props.folders}
          value={target}
          onChange={(id) => {
            setTarget(id);
            setError(null);
          }}
          disabledIds={props.disabledIds}
          currentId={currentId}
          label="Destination folder"
        />
        <DialogFooter>
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            onClick={() => void onMove()}
            disabled={saving || target === currentId}
            data-testid={`${props.testId}-submit`}
          >
            {saving ? <Spinner /> : null}
            Move here
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
