import { useDeferredValue } from "react";
import { nextSort, type SortField } from "#shared/rules/sort-cycle.ts";
import type { DocumentSummary, Folder } from "#shared/schemas/dossier.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import type { FolderListing } from "../hooks/use-folder-listing.ts";
import { useDossierViewStore } from "../hooks/view-store.ts";
import { toServerFilters } from "../lib/document-filters.ts";
import type { DossierSearch } from "../search.ts";
import { DocumentTable } from "./document-table.tsx";
import { EmptyFolder, NoMatches } from "./empty-states.tsx";
import { GridView } from "./grid-view.tsx";
import { type HitTarget, SearchResults } from "./search-results.tsx";
import { GridSkeleton } from "./skeletons.tsx";

const NO_DOCUMENTS: readonly DocumentSummary[] = [];

interface FolderContentsProps {
  folderId: string | null;
  folders: readonly Folder[];
  listing: FolderListing;
  search: DossierSearch;
  onSearchChange: (patch: Partial<DossierSearch>) => void;
  /** The element that scrolls the list (its rows are virtual). */
  scrollElement: HTMLElement | null;
  onOpen: (documentId: string) => void;
  onOpenHit: (hit: HitTarget) => void;
  onUpload: () => void;
  onCreateFolder: () => void;
}

/**
 * What a folder shows below its header: search results, an empty or
 * no-matches state, or its subfolders and documents as a grid or a list, and
 * a note while more documents load.
 */
export function FolderContents({
  folderId,
  folders,
  listing,
  search,
  onSearchChange,
  scrollElement,
  onOpen,
  onOpenHit,
  onUpload,
  onCreateFolder,
}: FolderContentsProps) {
  const view = useDossierViewStore((s) => s.view);
  const sort = useDossierViewStore((s) => s.sort);
  const setSort = useDossierViewStore((s) => s.setSort);
  const onSort = (field: SortField) => setSort(nextSort(sort, field));
  const { pages, documents, filtering, shownFolders } = listing;
  // The first render draws skeleton rows and the rows follow in a render of their own, which
  // React runs after the first paint: the header does not wait for the cards or the list's
  // rows even when the documents are in the cache already (decision 016, "the first paint").
  // Only the first render: later pages go straight in (a lagging list would ask for more).
  const rowsPending =
    useDeferredValue(documents, NO_DOCUMENTS) === NO_DOCUMENTS && documents.length > 0;
  const clearFilters = () =>
    onSearchChange({
      processingStatus: undefined,
      tags: undefined,
      fileTypes: undefined,
      start: undefined,
      end: undefined,
    });

  return (
    <div className="px-6 pt-5 pb-16">
      {pages.error ? (
        <Alert variant="error" title="The documents could not be loaded" className="mb-5">
          {pages.error.message}
        </Alert>
      ) : null}
      {listing.foldersLoading && !search.q && view !== "list" ? (
        // Skeleton cards only, no headings: the subfolders (if any) come above the documents,
        // so a "Documents" heading drawn now would move down when the folders arrive. (The
        // list keeps its column headings: its folders are rows above the documents' rows.)
        <GridSkeleton />
      ) : search.q ? (
        <SearchResults
          query={search.q}
          filters={{
            ...toServerFilters(search),
            folderId,
            includeSubfolders: search.sub !== "0",
          }}
          sort={sort}
          folders={folders}
          onOpen={onOpenHit}
          onClear={() => onSearchChange({ q: undefined })}
        />
      ) : listing.empty ? (
        <EmptyFolder onUpload={onUpload} onCreateFolder={onCreateFolder} />
      ) : listing.noMatches ? (
        <NoMatches onClear={clearFilters} />
      ) : view === "list" ? (
        <div className="-mx-6 -mt-5">
          <DocumentTable
            folders={shownFolders}
            documents={documents}
            loading={pages.isLoading || rowsPending || listing.foldersLoading}
            sort={sort}
            onSort={onSort}
            scrollElement={scrollElement}
            onOpen={onOpen}
            onNearEnd={pages.loadMore}
          />
        </div>
      ) : (
        <GridView
          folders={shownFolders}
          documents={documents}
          loading={pages.isLoading || rowsPending}
          scrollElement={scrollElement}
          onOpen={onOpen}
          onNearEnd={pages.loadMore}
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
  );
}
