import { useQuery } from "@tanstack/react-query";
import CircleCheck from "lucide-react/icons/circle-check";
import FileText from "lucide-react/icons/file-text";
import FileType2 from "lucide-react/icons/file-type-corner";
import { useState } from "react";
import type { Draft, DraftSaveFormat } from "#shared/schemas/draft.ts";
import { FolderPicker } from "../../../components/folder-picker.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { SegmentedControl } from "../../../components/ui/segmented-control.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { allFoldersOptions } from "../../../lib/shared-queries.ts";
import { useSaveDraftToDossier } from "../hooks/use-draft-mutations.ts";
import { DossierDocumentLink } from "./dossier-link.tsx";

const FORMATS = [
  { value: "docx", label: "Word", icon: FileText, testId: "save-format-docx" },
  { value: "pdf", label: "PDF", icon: FileType2, testId: "save-format-pdf" },
] as const;

/** Choose a folder and a format; the draft becomes a dossier document, processed like an upload. */
export function SaveToDossierDialog({
  draft,
  onOpenChange,
}: {
  draft: Draft;
  onOpenChange: (open: boolean) => void;
}) {
  const folders = useQuery(allFoldersOptions());
  const save = useSaveDraftToDossier();
  const [folderId, setFolderId] = useState<string | null>(null);
  const [format, setFormat] = useState<DraftSaveFormat>("docx");
  const [saved, setSaved] = useState<{ documentId: string; folderId: string | null } | null>(null);
  const isFile = draft.fileName !== null;
  const where = folderId ? folders.data?.find((f) => f._id === folderId)?.name : null;

  const submit = async () => {
    try {
      const result = await save.mutateAsync({ draftId: draft._id, folderId, format });
      setSaved({ documentId: result.documentId, folderId });
    } catch {
      // Shown below from save.error; the choice stays as it was.
    }
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent data-testid="save-to-dossier" className="max-w-xl">
        {saved ? (
          <>
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2">
                <CircleCheck aria-hidden="true" className="size-5 text-success" />
                Saved to the dossier
              </DialogTitle>
              <DialogDescription>
                “{draft.title}” is in {where ? `“${where}”` : "the top level of the dossier"}. It is
                being processed like any upload and will be searchable in a moment.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="ghost" onClick={() => onOpenChange(false)}>
                Close
              </Button>
              <Button asChild>
                <DossierDocumentLink
                  documentId={saved.documentId}
                  folderId={saved.folderId}
                  testId="save-open-document"
                >
                  Open in dossier
                </DossierDocumentLink>
              </Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Save to dossier</DialogTitle>
              <DialogDescription>
                {isFile
                  ? `The file “${draft.fileName}” is saved as it is, into the folder you choose.`
                  : "Choose a folder and a format. The draft is written as a document with its title, headings, lists and tables."}
              </DialogDescription>
            </DialogHeader>
            {isFile ? null : (
              <div className="flex flex-col gap-2">
                <span className="font-medium text-[13px]">Format</span>
                <SegmentedControl
                  label="Format"
                  value={format}
                  options={FORMATS}
                  onValueChange={setFormat}
                  className="self-start"
                />
              </div>
            )}
            <div className="flex flex-col gap-2">
              <span className="font-medium text-[13px]">Folder</span>
              {folders.data ? (
                <FolderPicker
                  folders={folders.data}
                  value={folderId}
                  onChange={setFolderId}
                  label="Folder to save into"
                />
              ) : (
                <div className="flex justify-center py-6">
                  <Spinner label="Loading folders" />
                </div>
              )}
            </div>
            {save.error ? (
              <p role="alert" className="text-destructive text-sm" data-testid="save-error">
                {save.error.message}
              </p>
            ) : null}
            <DialogFooter>
              <Button variant="ghost" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button
                onClick={() => void submit()}
                disabled={save.isPending || !folders.data}
                data-testid="save-confirm"
              >
                {save.isPending ? <Spinner /> : null}
                Save {isFile ? "file" : format === "docx" ? "as Word" : "as PDF"}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
