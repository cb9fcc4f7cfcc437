import { create } from "zustand";
import type { DocumentSummary, Folder } from "#shared/schemas/dossier.ts";

/** The dossier's dialogs; one is open at a time, opened from menus anywhere in the dossier. */
export type DossierDialog =
  | { kind: "create-folder"; parentId: string | null; parentName: string }
  | { kind: "rename-folder"; folder: Folder }
  | { kind: "move-folder"; folderId: string; folderName: string }
  | { kind: "delete-folder"; folder: Folder }
  | { kind: "rename-document"; document: DocumentSummary }
  | { kind: "move-document"; document: DocumentSummary }
  | { kind: "delete-document"; document: DocumentSummary }
  | {
      kind: "share";
      entityType: "folder" | "document";
      entityId: string;
      entityName: string;
      ownerId: string | null;
    };

interface DialogState {
  /** The last dialog asked for; it stays while the closing animation runs. */
  dialog: DossierDialog | null;
  open: boolean;
  show: (dialog: DossierDialog) => void;
  close: () => void;
}

export const useDossierDialogs = create<DialogState>()((set) => ({
  dialog: null,
  open: false,
  show: (dialog) => set({ dialog, open: true }),
  close: () => set({ open: false }),
}));

export const showDossierDialog = (dialog: DossierDialog) =>
  useDossierDialogs.getState().show(dialog);
