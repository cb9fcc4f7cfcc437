import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { toast } from "../../../components/ui/toast-store.ts";
import { subtreeIds } from "../../../lib/folder-tree.ts";
import { allFoldersOptions } from "../../../lib/shared-queries.ts";
import { useMoveFolder } from "../hooks/use-folder-mutations.ts";
import { MoveDialog } from "./move-dialog.tsx";

export interface MoveFolderDialogProps {
  isOpen: boolean;
  folderId: string;
  folderName: string;
  onOpenChange: (open: boolean) => void;
}

/** SPEC 2's move-folder dialog: a folder cannot go into itself or below itself. */
export function MoveFolderDialog({
  isOpen,
  folderId,
  folderName,
  onOpenChange,
}: MoveFolderDialogProps) {
  const folders = useQuery(allFoldersOptions()).data ?? [];
  const move = useMoveFolder();
  const folder = folders.find((f) => f._id === folderId);
  const disabledIds = useMemo(() => subtreeIds(folders, folderId), [folders, folderId]);

  return (
    <MoveDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={`Move “${folderName}”`}
      description="Choose the folder to move it into, with everything inside it."
      folders={folders}
      currentId={folder?.parentId ?? null}
      disabledIds={disabledIds}
      testId="move-folder-dialog"
      onMove={async (parentId) => {
        const moved = await move.mutateAsync({ folderId, parentId });
        toast({
          title: "Folder moved",
          description: `“${moved.name}” is now in ${destination(folders, parentId)}.`,
          variant: "success",
        });
      }}
    />
  );
}

function destination(folders: readonly { _id: string; name: string }[], id: string | null) {
  if (id === null) return "the top level";
  const target = folders.find((folder) => folder._id === id);
  return target ? `“${target.name}”` : "the chosen folder";
}
