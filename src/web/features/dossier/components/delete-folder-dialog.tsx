import { useQuery } from "@tanstack/react-query";
import type { Folder } from "#shared/schemas/dossier.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { removalSummaryOptions } from "../api/folder-queries.ts";
import { useRemoveFolder } from "../hooks/use-folder-mutations.ts";
import { formatBytes, plural } from "../lib/format.ts";

/** "This removes 2 subfolders and 14 documents" (folders.getRemovalSummary counts the folder too). */
export function removalSentence(summary: { folders: number; documents: number }): string {
  const subfolders = Math.max(0, summary.folders - 1);
  return `This removes ${plural(subfolders, "subfolder")} and ${plural(summary.documents, "document")}`;
}

interface DeleteFolderDialogProps {
  isOpen: boolean;
  folder: Folder;
  onOpenChange: (open: boolean) => void;
  /** After the removal was sent (the page leaves a folder that is going away). */
  onDeleted?: () => void;
}

/** Says exactly what goes with the folder before removing it all, files included. */
export function DeleteFolderDialog({
  isOpen,
  folder,
  onOpenChange,
  onDeleted,
}: DeleteFolderDialogProps) {
  const summary = useQuery({ ...removalSummaryOptions(folder._id), enabled: isOpen });
  const remove = useRemoveFolder();

  return (
    <ConfirmDialog
      open={isOpen}
      onOpenChange={onOpenChange}
      title={`Delete “${folder.name}”?`}
      description="The folder and everything in it are deleted for everyone in your organization. This cannot be undone."
      confirmLabel="Delete folder"
      destructive
      ready={summary.data !== undefined}
      testId="delete-folder-dialog"
      onConfirm={() => {
        // Optimistic: the tree drops it at once; a refusal puts it back with a toast.
        onDeleted?.();
        remove.mutate(
          { folderId: folder._id },
          {
            onSuccess: () =>
              toast({
                title: "Folder deleted",
                description: `“${folder.name}” was deleted.`,
                variant: "success",
              }),
          },
        );
      }}
    >
      {summary.data ? (
        <Alert variant="warning" data-testid="delete-folder-summary">
          {removalSentence(summary.data)}
          {summary.data.bytes > 0 ? ` (${formatBytes(summary.data.bytes)})` : ""}.
        </Alert>
      ) : summary.error ? (
        <Alert variant="error">{summary.error.message}</Alert>
      ) : (
        <Skeleton className="h-11 w-full rounded-lg" />
      )}
    </ConfirmDialog>
  );
}
