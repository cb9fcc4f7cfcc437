import { useCallback, useMemo, useState } from "react";
import type { Folder } from "#shared/schemas/dossier.ts";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { folderAncestry } from "../../../lib/folder-names.ts";
import { showDossierDialog } from "../hooks/dialog-store.ts";
import { useFilePicker } from "../hooks/use-file-picker.tsx";
import { useFolderListing } from "../hooks/use-folder-listing.ts";
import { useStartUpload } from "../hooks/use-start-upload.ts";
import { useDossierViewStore } from "../hooks/view-store.ts";
import type { DossierSearch } from "../search.ts";
import { DocumentSheet } from "./document-sheet.tsx";
import { DropZone } from "./drop-zone.tsx";
import { FolderContents } from "./folder-contents.tsx";
import { FolderHeader } from "./folder-header.tsx";
import type { HitTarget } from "./search-results.tsx";

export interface FolderPageProps {
  /** The folder on screen; null for the top level of the dossier. */
  folder: Folder | null;
  folders: readonly Folder[];
  /** The folders have not arrived yet (the page is not "empty" until they have). */
  foldersLoading?: boolean;
  search: DossierSearch;
  onSearchChange: (patch: Partial<DossierSearch>) => void;
}

/**
 * One folder of the dossier: its subfolders, then its documents in a grid or
 * a list, with search, filters, upload (button or drop) and the document view.
 */
export function FolderPage({
  folder,
  folders,
  foldersLoading = false,
  search,
  onSearchChange,
}: FolderPageProps) {
  const folderId = folder?._id ?? null;
  usePageTitle(folder ? `${folder.name} · Dossier` : "Dossier");
  const sort = useDossierViewStore((s) => s.sort);
  // State, not a ref: the lists need to re-render once the scrolling element exists.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);

  const listing = useFolderListing(folders, folderId, search, sort, foldersLoading);
  const trail = useMemo(() => folderAncestry(folders, folderId), [folders, folderId]);

  const startUpload = useStartUpload(folder);
  const picker = useFilePicker(startUpload);
  const createFolder = () =>
    showDossierDialog({
      kind: "create-folder",
      parentId: folderId,
      parentName: folder ? `“${folder.name}”` : "the top level of the dossier",
    });
  const openDocument = useCallback(
    (id: string) => onSearchChange({ document: id, hl: undefined, at: undefined }),
    [onSearchChange],
  );
  const openHit = useCallback(
    (hit: HitTarget) =>
      onSearchChange({
        document: hit.documentId,
        hl: hit.words.length > 0 ? hit.words.slice(0, 20) : undefined,
        at: hit.at || undefined,
      }),
    [onSearchChange],
  );

  return (
    <div
      className="flex min-h-0 min-w-0 flex-1 flex-col"
      data-testid="folder-page"
      data-folder-id={folderId ?? "root"}
    >
      {picker.input}
      <FolderHeader
        folder={folder}
        trail={trail}
        counts={listing.counts}
        onCreateFolder={createFolder}
        onUpload={picker.open}
        search={search}
        onSearchChange={onSearchChange}
      />
      <DropZone
        onFiles={startUpload}
        targetName={folder ? `“${folder.name}”` : "the top level of the dossier"}
        className="flex min-h-0 flex-1 flex-col"
      >
        <div
          ref={setScrollElement}
          className="min-h-0 flex-1 overflow-auto"
          data-testid="folder-scroll"
        >
          <FolderContents
            folderId={folderId}
            folders={folders}
            listing={listing}
            search={search}
            onSearchChange={onSearchChange}
            scrollElement={scrollElement}
            onOpen={openDocument}
            onOpenHit={openHit}
            onUpload={picker.open}
            onCreateFolder={createFolder}
          />
        </div>
      </DropZone>
      <DocumentSheet
        documentId={search.document}
        passage={search.passage}
        onClose={() =>
          onSearchChange({ document: undefined, passage: undefined, hl: undefined, at: undefined })
        }
        highlight={search.hl ? { words: search.hl, at: search.at } : undefined}
      />
    </div>
  );
}
