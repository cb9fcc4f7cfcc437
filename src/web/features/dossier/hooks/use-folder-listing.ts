import { useMemo } from "react";
import type { Sort } from "#shared/rules/sort-cycle.ts";
import type { Folder } from "#shared/schemas/dossier.ts";
import { childFolders } from "../../../lib/folder-tree.ts";
import { plural } from "../lib/format.ts";
import type { DossierSearch } from "../search.ts";
import { useFolderDocuments } from "./use-folder-documents.ts";

export type FolderListing = ReturnType<typeof useFolderListing>;

/**
 * What a folder page lists: its subfolders (each with how many folders it
 * holds) and its documents, filtered and sorted as the address and the view
 * say; whether there is nothing to show; and the counts its header shows.
 */
export function useFolderListing(
  folders: readonly Folder[],
  folderId: string | null,
  search: DossierSearch,
  sort: Sort | null,
  /** The folders are still loading: not "empty" yet. */
  foldersLoading = false,
) {
  const { pages, documents, filtering } = useFolderDocuments(folderId, search, sort);
  const subfolders = useMemo(
    () =>
      childFolders(folders, folderId).map((child) => ({
        folder: child,
        subfolderCount: folders.filter((f) => f.parentId === child._id).length,
      })),
    [folders, folderId],
  );

  // The server filters (decision 031): with filters on, an empty page means "no matches".
  const empty =
    !foldersLoading &&
    !filtering &&
    !pages.isLoading &&
    pages.documents.length === 0 &&
    subfolders.length === 0 &&
    pages.isDone;
  const noMatches = filtering && !pages.isLoading && pages.isDone && documents.length === 0;
  const documentCount =
    (pages.isDone
      ? plural(pages.documents.length, "document")
      : `${pages.documents.length.toLocaleString()}+ documents`) +
    (filtering ? " match the filters" : "");
  const folderCount = subfolders.length > 0 ? `${plural(subfolders.length, "folder")} · ` : "";

  return {
    pages,
    documents,
    filtering,
    /** Filters apply to documents only: subfolders step aside while they are on. */
    shownFolders: filtering ? [] : subfolders,
    empty,
    noMatches,
    /** The folders are not known yet: neither which subfolders to show nor where documents start. */
    foldersLoading,
    counts: pages.isLoading ? "Loading…" : `${folderCount}${documentCount}`,
  };
}
