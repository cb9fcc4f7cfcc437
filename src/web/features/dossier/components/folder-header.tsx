import FolderPlus from "lucide-react/icons/folder-plus";
import Upload from "lucide-react/icons/upload";
import type { Folder } from "#shared/schemas/dossier.ts";
import { Button } from "../../../components/ui/button.tsx";
import type { DossierSearch } from "../search.ts";
import { Breadcrumbs } from "./breadcrumbs.tsx";
import { DossierToolbar } from "./dossier-toolbar.tsx";
import { FavoriteButton } from "./favorite-button.tsx";
import { FolderActionsMenu } from "./folder-actions-menu.tsx";
import { OwnerBadge } from "./owner-badge.tsx";

interface FolderHeaderProps {
  folder: Folder | null;
  /** From the top level down to `folder`. */
  trail: readonly Folder[];
  /** "2 folders · 14 documents". */
  counts: string;
  onCreateFolder: () => void;
  onUpload: () => void;
  search: DossierSearch;
  onSearchChange: (patch: Partial<DossierSearch>) => void;
}

/** Breadcrumbs, the folder's name and counts, its actions, and the toolbar. */
export function FolderHeader({
  folder,
  trail,
  counts,
  onCreateFolder,
  onUpload,
  search,
  onSearchChange,
}: FolderHeaderProps) {
  return (
    <header className="flex flex-col gap-4 border-b px-6 pt-5 pb-4">
      <Breadcrumbs trail={trail} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="truncate font-semibold text-2xl tracking-tight" data-testid="folder-title">
            {folder?.name ?? "Dossier"}
          </h1>
          <p className="mt-1 text-muted-foreground text-sm" data-testid="folder-counts">
            {counts}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {folder ? (
            <OwnerBadge ownerName={folder.ownerName} myRole={folder.myRole} className="mr-1" />
          ) : null}
          {folder ? (
            <FavoriteButton
              entityType="folder"
              entityId={folder._id}
              name={folder.name}
              isFavorite={folder.isFavorite}
              className="size-8"
            />
          ) : null}
          {folder?.myRole === "viewer" ? null : (
            <>
              <Button variant="outline" size="sm" onClick={onCreateFolder} data-testid="new-folder">
                <FolderPlus aria-hidden="true" />
                New folder
              </Button>
              <Button size="sm" onClick={onUpload} data-testid="upload-button">
                <Upload aria-hidden="true" />
                Upload
              </Button>
            </>
          )}
          {folder ? (
            <FolderActionsMenu
              folder={folder}
              variant="outline"
              className="size-8"
              testId="current-folder-actions"
            />
          ) : null}
        </div>
      </div>
      <DossierToolbar
        search={search}
        onSearchChange={onSearchChange}
        scopeName={folder ? folder.name : "the dossier"}
        inFolder={folder !== null && folder !== undefined}
      />
    </header>
  );
}
