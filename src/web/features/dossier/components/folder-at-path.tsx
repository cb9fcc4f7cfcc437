import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { Folder } from "#shared/schemas/dossier.ts";
import { folderAtPathOptions } from "../api/folder-queries.ts";
import type { DossierSearch } from "../search.ts";
import { FolderNotFound } from "./empty-states.tsx";
import { FolderPage } from "./folder-page.tsx";
import { FolderPending } from "./skeletons.tsx";

interface FolderAtPathProps {
  /** The normalized slug path from the address bar, or null when it cannot name a folder. */
  path: string | null;
  /** As typed, for the not-found message. */
  rawPath: string;
  folders: readonly Folder[];
  search: DossierSearch;
  onSearchChange: (patch: Partial<DossierSearch>) => void;
  /** The folder now lives at another path (renamed or moved, here or elsewhere): go there. */
  onPathChange: (path: string) => void;
}

/**
 * /dossier/{path}: finds the folder with folders.getFolderIdByFullSlugPath,
 * live. When the folder on screen is renamed or moved, the address follows
 * it; when there is no folder at the path, a not-found state says so.
 */
export function FolderAtPath(props: FolderAtPathProps) {
  if (!props.path) return <FolderNotFound path={props.rawPath} />;
  return <FolderLookup {...props} path={props.path} />;
}

function FolderLookup({
  path,
  rawPath,
  folders,
  search,
  onSearchChange,
  onPathChange,
}: FolderAtPathProps & { path: string }) {
  const lookup = useQuery(folderAtPathOptions(path));
  const remembered = useRef<{ path: string; id: string } | null>(null);
  if (lookup.data) remembered.current = { path, id: lookup.data._id };

  const folderId =
    lookup.data?._id ?? (remembered.current?.path === path ? remembered.current.id : null);
  const folder = folderId ? folders.find((candidate) => candidate._id === folderId) : undefined;

  const folderPath = folder?.path;
  useEffect(() => {
    if (folderPath && folderPath !== path) onPathChange(folderPath);
  }, [folderPath, path, onPathChange]);

  if (folder) {
    return (
      <FolderPage
        folder={folder}
        folders={folders}
        search={search}
        onSearchChange={onSearchChange}
      />
    );
  }
  // Known to the lookup but not yet to the folder list (created a moment ago): wait for it.
  if (lookup.isPending || (lookup.data && !folder)) return <FolderPending />;
  return <FolderNotFound path={rawPath} />;
}
