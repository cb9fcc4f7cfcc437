import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { useRemoveDocument } from "../hooks/use-document-mutations.ts";

interface DeleteDocumentDialogProps {
  isOpen: boolean;
  document: Pick<DocumentSummary, "_id" | "name">;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}

export function DeleteDocumentDialog({
  isOpen,
  document,
  onOpenChange,
  onDeleted,
}: DeleteDocumentDialogProps) {
  const remove = useRemoveDocument();
  return (
    <ConfirmDialog
      open={isOpen}
      onOpenChange={onOpenChange}
      title={`Delete “${document.name}”?`}
      description="The document, its file and its extracted text are deleted for everyone in your organization. This cannot be undone."
      confirmLabel="Delete document"
      destructive
      testId="delete-document-dialog"
      onConfirm={() => {
        onDeleted?.();
        remove.mutate(
          { documentId: document._id },
          {
            onSuccess: () =>
              toast({
                title: "Document deleted",
                description: `“${document.name}” was deleted.`,
                variant: "success",
              }),
          },
        );
      }}
    />
  );
}
