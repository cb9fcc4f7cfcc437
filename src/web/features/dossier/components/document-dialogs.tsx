import { useNavigate } from "@tanstack/react-router";
import { documentNameSchema } from "#shared/schemas/dossier.ts";
import type { DossierDialog } from "../hooks/dialog-store.ts";
import { useRenameDocument } from "../hooks/use-document-mutations.ts";
import { DeleteDocumentDialog } from "./delete-document-dialog.tsx";
import { MoveDocumentDialog } from "./move-document-dialog.tsx";
import { NameDialog } from "./name-dialog.tsx";

export type DocumentDialogKind = Extract<DossierDialog["kind"], `${string}-document`>;

interface DocumentDialogProps {
  dialog: Extract<DossierDialog, { kind: DocumentDialogKind }>;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The dialog that renames, moves or deletes a document. */
export function DocumentDialog({ dialog, isOpen, onOpenChange }: DocumentDialogProps) {
  const navigate = useNavigate();
  const renameDocument = useRenameDocument();

  switch (dialog.kind) {
    case "rename-document":
      return (
        <NameDialog
          isOpen={isOpen}
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
          isOpen={isOpen}
          onOpenChange={onOpenChange}
          document={dialog.document}
        />
      );
    case "delete-document": {
      const { document } = dialog;
      return (
        <DeleteDocumentDialog
          isOpen={isOpen}
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
