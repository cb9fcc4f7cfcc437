import { useQuery } from "@tanstack/react-query";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import { toast } from "../../../components/ui/toast-store.ts";
import { allFoldersOptions } from "../../../lib/shared-queries.ts";
import { useMoveDocument } from "../hooks/use-document-mutations.ts";
import { MoveDialog } from "./move-dialog.tsx";

export interface MoveDocumentDialogProps {
  isOpen: boolean;
  document: Pick<DocumentSummary, "_id" | "name" | "folderId">;
  onOpenChange: (open: boolean) => void;
}

/** SPEC 2's move-document dialog. */
export function MoveDocumentDialog({ isOpen, document, onOpenChange }: MoveDocumentDialogProps) {
  const folders = useQuery(allFoldersOptions()).data ?? [];
  const move = useMoveDocument();
  return (
    <MoveDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={`Move “${document.name}”`}
      description="Choose the folder to move this document into."
      folders={folders}
      currentId={document.folderId}
      testId="move-document-dialog"
      onMove={async (folderId) => {
        await move.mutateAsync({ documentId: document._id, folderId });
        const target = folders.find((folder) => folder._id === folderId);
        toast({
          title: "Document moved",
          description: `“${document.name}” is now in ${target ? `“${target.name}”` : "the top level"}.`,
          variant: "success",
        });
      }}
    />
  );
}
