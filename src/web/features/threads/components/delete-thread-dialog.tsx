import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";

interface DeleteThreadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  onDelete: () => void;
}

/** Deleting a thread removes its messages for good: asked once, plainly. */
export function DeleteThreadDialog({
  open,
  onOpenChange,
  title,
  onDelete,
}: DeleteThreadDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="delete-thread-dialog">
        <DialogHeader>
          <DialogTitle>Delete this thread?</DialogTitle>
          <DialogDescription>
            “{title}” and all of its messages will be deleted. Attached documents stay in the
            dossier. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            onClick={() => {
              onOpenChange(false);
              onDelete();
            }}
            data-testid="delete-thread-confirm"
          >
            Delete thread
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
