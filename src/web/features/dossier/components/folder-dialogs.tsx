import { useNavigate } from "@tanstack/react-router";
import { folderNameSchema } from "#shared/schemas/dossier.ts";
import { toast } from "../../../components/ui/toast-store.ts";
import type { DossierDialog } from "../hooks/dialog-store.ts";
import { useCurrentFolderPath } from "../hooks/use-current-folder-path.ts";
import { useCreateFolder, useRenameFolder } from "../hooks/use-folder-mutations.ts";
import { DeleteFolderDialog } from "./delete-folder-dialog.tsx";
import { MoveFolderDialog } from "./move-folder-dialog.tsx";
import { NameDialog } from "./name-dialog.tsx";

export type FolderDialogKind = Extract<DossierDialog["kind"], `${string}-folder`>;

interface FolderDialogProps {
  dialog: Extract<DossierDialog, { kind: FolderDialogKind }>;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The dialog that creates, renames, moves or deletes a folder. */
export function FolderDialog({ dialog, isOpen, onOpenChange }: FolderDialogProps) {
  const navigate = useNavigate();
  const currentPath = useCurrentFolderPath();
  const createFolder = useCreateFolder();
  const renameFolder = useRenameFolder();

  switch (dialog.kind) {
    case "create-folder":
      return (
        <NameDialog
          isOpen={isOpen}
          onOpenChange={onOpenChange}
          title="New folder"
          description={`Create a folder in ${dialog.parentName}.`}
          label="Folder name"
          schema={folderNameSchema}
          initialName=""
          submitLabel="Create folder"
          testId="create-folder-dialog"
          onSubmit={async (name) => {
            const folder = await createFolder.mutateAsync({ name, parentId: dialog.parentId });
            toast({
              title: "Folder created",
              description: `“${folder.name}” is ready for documents.`,
              variant: "success",
            });
          }}
        />
      );
    case "rename-folder":
      return (
        <NameDialog
          isOpen={isOpen}
          onOpenChange={onOpenChange}
          title="Rename folder"
          description="Links to this folder change with its name."
          label="Folder name"
          schema={folderNameSchema}
          initialName={dialog.folder.name}
          submitLabel="Rename"
          testId="rename-folder-dialog"
          onSubmit={async (name) => {
            await renameFolder.mutateAsync({ folderId: dialog.folder._id, name });
          }}
        />
      );
    case "move-folder":
      return (
        <MoveFolderDialog
          isOpen={isOpen}
          onOpenChange={onOpenChange}
          folderId={dialog.folderId}
          folderName={dialog.folderName}
        />
      );
    case "delete-folder": {
      const { folder } = dialog;
      return (
        <DeleteFolderDialog
          isOpen={isOpen}
          onOpenChange={onOpenChange}
          folder={folder}
          onDeleted={() => {
            // Leave a folder that is going away (or one inside it) for its parent.
            if (currentPath !== folder.path && !currentPath.startsWith(`${folder.path}/`)) return;
            const parent = folder.path.split("/").slice(0, -1).join("/");
            void navigate(
              parent ? { to: "/dossier/$", params: { _splat: parent } } : { to: "/dossier" },
            );
          }}
        />
      );
    }
  }
}
