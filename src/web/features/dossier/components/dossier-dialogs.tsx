import { useNavigate } from "@tanstack/react-router";
import { documentNameSchema, folderNameSchema } from "#shared/schemas/dossier.ts";
import { toast } from "../../../components/ui/toast-store.ts";
import { useDossierDialogs } from "../hooks/dialog-store.ts";
import { useCurrentFolderPath } from "../hooks/use-current-folder-path.ts";
import { useRenameDocument } from "../hooks/use-document-mutations.ts";
import { useCreateFolder, useRenameFolder } from "../hooks/use-folder-mutations.ts";
import { DeleteDocumentDialog } from "./delete-document-dialog.tsx";
import { DeleteFolderDialog } from "./delete-folder-dialog.tsx";
import { MoveDocumentDialog } from "./move-document-dialog.tsx";
import { MoveFolderDialog } from "./move-folder-dialog.tsx";
import { NameDialog } from "./name-dialog.tsx";

/** Every dossier dialog, mounted once in the dossier layout and opened from any menu. */
export function DossierDialogs() {
  const { dialog, open, close } = useDossierDialogs();
  const navigate = useNavigate();
  const currentPath = useCurrentFolderPath();
  const createFolder = useCreateFolder();
  const renameFolder = useRenameFolder();
  const renameDocument = useRenameDocument();
  const onOpenChange = (next: boolean) => {
    if (!next) close();
  };
  if (!dialog) return null;
  const isOpen = (kind: typeof dialog.kind) => open && dialog.kind === kind;

  switch (dialog.kind) {
    case "create-folder":
      return (
        <NameDialog
          isOpen={isOpen("create-folder")}
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
          isOpen={isOpen("rename-folder")}
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
          isOpen={isOpen("move-folder")}
          onOpenChange={onOpenChange}
          folderId={dialog.folderId}
          folderName={dialog.folderName}
        />
      );
    case "delete-folder": {
      const { folder } = dialog;
      return (
        <DeleteFolderDialog
          isOpen={isOpen("delete-folder")}
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
    case "rename-document":
      return (
        <NameDialog
          isOpen={isOpen("rename-document")}
          onOpenChange={onOpenChange}
          title="Rename document"
          description="The new name shows everywhere at once; downloads keep the original file name."
          label="Document name"
          schema={documentNameSchema}
          initialName={dialog.document.name}
          submitLabel="Rename"
          testId="rename-document-dialog"
          onSubmit={async (name) => {
            await renameDocument.mutateAsync({ documentId: dialog.document._id, name });
          }}
        />
      );
    case "move-document":
      return (
        <MoveDocumentDialog
          isOpen={isOpen("move-document")}
          onOpenChange={onOpenChange}
          document={dialog.document}
        />
      );
    case "delete-document": {
      const { document } = dialog;
      return (
        <DeleteDocumentDialog
          isOpen={isOpen("delete-document")}
          onOpenChange={onOpenChange}
          document={document}
          onDeleted={() =>
            void navigate({
              to: ".",
              search: (previous: Record<string, unknown>) =>
                previous.document === document._id
                  ? { ...previous, document: undefined }
                  : previous,
              replace: true,
            })
          }
        />
      );
    }
  }
}
