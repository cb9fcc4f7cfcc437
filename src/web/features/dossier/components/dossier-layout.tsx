import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import FolderPlus from "lucide-react/icons/folder-plus";
import Star from "lucide-react/icons/star";
import Users from "lucide-react/icons/users";
import { type ReactNode, useMemo } from "react";
import type { Folder } from "#shared/schemas/dossier.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Tooltip } from "../../../components/ui/tooltip.tsx";
import { ownFolders } from "../../../lib/folder-tree.ts";
import { allFoldersOptions } from "../../../lib/shared-queries.ts";
import { showDossierDialog } from "../hooks/dialog-store.ts";
import { useCurrentFolderPath } from "../hooks/use-current-folder-path.ts";
import { DossierDialogs } from "./dossier-dialogs.tsx";
import { FolderTree } from "./folder-tree.tsx";
import { FolderTreeSkeleton } from "./skeleton-parts.tsx";
import { UploadPanel } from "./upload-panel.tsx";

const areaClass =
  "flex h-8 items-center gap-2 rounded-md px-2 text-[13px] text-foreground/80 outline-none transition-colors hover:bg-accent/70 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-primary/12 aria-[current=page]:font-medium aria-[current=page]:text-foreground";

const NO_FOLDERS: readonly Folder[] = [];

/**
 * The dossier frame: the folder tree beside the folder on screen, plus its dialogs and uploads.
 * It does not wait for the folders: the tree shows skeleton rows until they arrive, so the page
 * beside it paints as soon as its code has run (decision 016, "the first paint").
 */
export function DossierLayout({ children }: { children: ReactNode }) {
  const foldersQuery = useQuery({ ...allFoldersOptions(), throwOnError: true });
  const folders = foldersQuery.data ?? NO_FOLDERS;
  const path = useCurrentFolderPath();
  const current = path ? (folders.find((folder) => folder.path === path) ?? null) : null;
  const mine = useMemo(() => ownFolders(folders), [folders]);

  return (
    <div className="flex h-dvh min-h-0 md:h-[calc(100dvh-1rem)]" data-testid="dossier">
      <aside
        aria-label="Dossier folders"
        className="hidden w-64 shrink-0 flex-col border-r lg:flex"
      >
        <div className="flex items-center justify-between gap-2 px-4 pt-5 pb-3">
          <h2 className="font-semibold text-[13px] text-muted-foreground uppercase tracking-wider">
            Folders
          </h2>
          <Tooltip content={current ? `New folder in ${current.name}` : "New folder"}>
            <Button
              variant="ghost"
              size="icon"
              className="size-7"
              aria-label={current ? `New folder in ${current.name}` : "New folder"}
              data-testid="tree-new-folder"
              onClick={() =>
                showDossierDialog({
                  kind: "create-folder",
                  parentId: current?._id ?? null,
                  parentName: current ? `“${current.name}”` : "the top level of the dossier",
                })
              }
            >
              <FolderPlus aria-hidden="true" />
            </Button>
          </Tooltip>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-4">
          {foldersQuery.data ? (
            <FolderTree folders={mine} currentId={current?._id ?? null} />
          ) : (
            <FolderTreeSkeleton />
          )}
          <nav aria-label="Dossier areas" className="mt-3 grid gap-px border-t pt-3">
            <Link
              to="/dossier/shared"
              data-testid="nav-shared"
              className={areaClass}
              activeProps={{ "aria-current": "page" }}
            >
              <Users aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              Shared with me
            </Link>
            <Link
              to="/dossier/favorites"
              data-testid="nav-favorites"
              className={areaClass}
              activeProps={{ "aria-current": "page" }}
            >
              <Star aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              Favorites
            </Link>
          </nav>
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">{children}</div>
      <DossierDialogs />
      <UploadPanel />
    </div>
  );
}
