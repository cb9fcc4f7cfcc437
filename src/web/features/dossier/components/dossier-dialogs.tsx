import { useQuery } from "@tanstack/react-query";
import { meOptions } from "../../../lib/shared-queries.ts";
import { type DossierDialog, useDossierDialogs } from "../hooks/dialog-store.ts";
import { DocumentDialog, type DocumentDialogKind } from "./document-dialogs.tsx";
import { FolderDialog, type FolderDialogKind } from "./folder-dialogs.tsx";
import { ShareDialog } from "./share-dialog.tsx";

const isFolderDialog = (
  dialog: DossierDialog,
): dialog is Extract<DossierDialog, { kind: FolderDialogKind }> => dialog.kind.endsWith("-folder");

const isDocumentDialog = (
  dialog: DossierDialog,
): dialog is Extract<DossierDialog, { kind: DocumentDialogKind }> =>
  dialog.kind.endsWith("-document");

/** Every dossier dialog, mounted once in the dossier layout and opened from any menu. */
export function DossierDialogs() {
  const { dialog, open, close } = useDossierDialogs();
  const me = useQuery(meOptions());
  if (!dialog) return null;
  const onOpenChange = (next: boolean) => {
    if (!next) close();
  };
  if (isFolderDialog(dialog)) {
    return <FolderDialog dialog={dialog} isOpen={open} onOpenChange={onOpenChange} />;
  }
  if (dialog.kind === "share") {
    if (!me.data) return null;
    return (
      <ShareDialog
        isOpen={open}
        onOpenChange={onOpenChange}
        entityType={dialog.entityType}
        entityId={dialog.entityId}
        entityName={dialog.entityName}
        ownerId={dialog.ownerId}
        currentUserId={me.data._id}
      />
    );
  }
  if (isDocumentDialog(dialog)) {
    return <DocumentDialog dialog={dialog} isOpen={open} onOpenChange={onOpenChange} />;
  }
  return null;
}
