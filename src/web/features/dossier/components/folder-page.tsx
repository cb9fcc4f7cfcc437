import { useCallback, useMemo, useState } from "react";
import type { SortField } from "#shared/rules/sort-cycle.ts";
import { nextSort } from "#shared/rules/sort-cycle.ts";
import type { Folder } from "#shared/schemas/dossier.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { folderAncestry } from "../../../lib/folder-names.ts";
import { showDossierDialog } from "../hooks/dialog-store.ts";
import { useFilePicker } from "../hooks/use-file-picker.tsx";
import { useFolderDocuments } from "../hooks/use-folder-documents.ts";
import { useStartUpload } from "../hooks/use-start-upload.ts";
import { useDossierViewStore } from "../hooks/view-store.ts";
import { childFolders } from "../lib/folder-tree.ts";
import { plural } from "../lib/format.ts";
import type { DossierSearch } from "../search.ts";
import { DocumentSheet } from "./document-sheet.tsx";
import { DocumentTable } from "./document-table.tsx";
import { DropZone } from "./drop-zone.tsx";
import { EmptyFolder, NoMatches } from "./empty-states.tsx";
import { FolderHeader } from "./folder-header.tsx";
import { GridView } from "./grid-view.tsx";
import { SearchResults } from "./search-results.tsx";

export interface FolderPageProps {
  /** The folder on screen; null for the top level of the dossier. */
  folder: Folder | null;
  folders: readonly Folder[];
  search: DossierSearch;
  onSearchChange: (patch: Partial<DossierSearch>) => void;
}

/**
 * One folder of the dossier: its subfolders, then its documents in a grid or
 * a list, with search, filters, upload (button or drop) and the document view.
 */
export function FolderPage({ folder, folders, search, onSearchChange }: FolderPageProps) {
  const folderId = folder?._id ?? null;
  usePageTitle(folder ? `${folder.name} · Dossier` : "Dossier");
  const view = useDossierViewStore((s) => s.view);
  const sort = useDossierViewStore((s) => s.sort);
  const setSort = useDossierViewStore((s) => s.setSort);
  // State, not a ref: the lists need to re-render once the scrolling element exists.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);

  const { pages, documents, filtering } = useFolderDocuments(folderId, search, sort);
  const subfolders = useMemo(
    () =>
      childFolders(folders, folderId).map((child) => ({
        folder: child,
        subfolderCount: folders.filter((f) => f.parentId === child._id).length,
      })),
    [folders, folderId],
  );
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
    (id: string) => onSearchChange({ document: id }),
    [onSearchChange],
  );
  const onSort = (field: SortField) => setSort(nextSort(sort, field));
  const { loadMore } = pages;
  const clearFilters = () =>
    onSearchChange({
      processingStatus: undefined,
      tags: undefined,
      start: undefined,
      end: undefined,
    });

  const shownFolders = filtering ? [] : subfolders;
  const empty =
    !pages.isLoading && pages.documents.length === 0 && subfolders.length === 0 && pages.isDone;
  const noMatches = filtering && !pages.isLoading && pages.isDone && documents.length === 0;
  const documentCount = pages.isDone
    ? plural(pages.documents.length, "document")
    : `${pages.documents.length.toLocaleString()}+ documents`;
  const folderCount = subfolders.length > 0 ? `${plural(subfolders.length, "folder")} · ` : "";
  const counts = pages.isLoading ? "Loading…" : `${folderCount}${documentCount}`;

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
        counts={counts}
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
          <div className="px-6 pt-5 pb-16">
            {pages.error ? (
              <Alert variant="error" title="The documents could not be loaded" className="mb-5">
                {pages.error.message}
              </Alert>
            ) : null}
            {search.q ? (
              <SearchResults
                query={search.q}
                folderId={folderId}
                folders={folders}
                onOpen={openDocument}
                onClear={() => onSearchChange({ q: undefined })}
              />
            ) : empty ? (
              <EmptyFolder onUpload={picker.open} onCreateFolder={createFolder} />
            ) : noMatches ? (
              <NoMatches onClear={clearFilters} />
            ) : view === "list" ? (
              <div className="-mx-6 -mt-5">
                <DocumentTable
                  folders={shownFolders}
                  documents={documents}
                  loading={pages.isLoading}
                  sort={sort}
                  onSort={onSort}
                  scrollElement={scrollElement}
                  onOpen={openDocument}
                  onNearEnd={loadMore}
                />
              </div>
            ) : (
              <GridView
                folders={shownFolders}
                documents={documents}
                loading={pages.isLoading}
                scrollElement={scrollElement}
                onOpen={openDocument}
                onNearEnd={loadMore}
              />
            )}
            {pages.isLoadingMore && !search.q ? (
              <div
                className="mt-6 flex items-center justify-center gap-2 text-muted-foreground text-xs"
                data-testid="loading-more"
              >
                <Spinner className="size-3.5" />
                {sort || filtering
                  ? `Loading every document to ${sort ? "sort" : "filter"} them…`
                  : "Loading more documents…"}
              </div>
            ) : null}
          </div>
        </div>
      </DropZone>
      <DocumentSheet
        documentId={search.document}
        onClose={() => onSearchChange({ document: undefined })}
      />
    </div>
  );
}
