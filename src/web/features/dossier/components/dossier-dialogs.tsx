import { type DossierDialog, useDossierDialogs } from "../hooks/dialog-store.ts";
import { DocumentDialog, type DocumentDialogKind } from "./document-dialogs.tsx";
import { FolderDialog, type FolderDialogKind } from "./folder-dialogs.tsx";

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
  if (!dialog) return null;
  const onOpenChange = (next: boolean) => {
    if (!next) close();
  };
  if (isFolderDialog(dialog)) {
    return <FolderDialog dialog={dialog} isOpen={open} onOpenChange={onOpenChange} />;
  }
  if (isDocumentDialog(dialog)) {
    return <DocumentDialog dialog={dialog} isOpen={open} onOpenChange={onOpenChange} />;
  }
  return null;
}
