import { Link, useLocation } from "@tanstack/react-router";
import FolderIcon from "lucide-react/icons/folder";
import type { Folder } from "#shared/schemas/dossier.ts";
import { cn } from "../../../components/ui/cn.ts";
import { plural } from "../lib/format.ts";
import { FavoriteButton } from "./favorite-button.tsx";
import { FolderActionsMenu } from "./folder-actions-menu.tsx";
import { OwnerBadge } from "./owner-badge.tsx";

interface FolderTilesProps {
  folders: readonly { folder: Folder; subfolderCount: number }[];
  /** Where a tile leads: my dossier or the shared area (default: the area on screen). */
  area?: "dossier" | "shared";
}

/** The subfolders of the folder on screen, as compact tiles above its documents. */
export function FolderTiles({ folders, area }: FolderTilesProps) {
  const inShared = useLocation().pathname.startsWith("/dossier/shared");
  const to =
    (area ?? (inShared ? "shared" : "dossier")) === "shared" ? "/dossier/shared/$" : "/dossier/$";
  return (
    <ul
      aria-label="Folders"
      data-testid="folder-tiles"
      className="grid grid-cols-[repeat(auto-fill,minmax(280px,1fr))] gap-3"
    >
      {folders.map(({ folder, subfolderCount }) => (
        <li
          key={folder._id}
          data-testid="folder-tile"
          data-path={folder.path}
          className={cn(
            "group relative flex min-h-14 items-center gap-3 rounded-lg border bg-card px-3 py-2 transition-[border-color,background-color]",
            "hover:border-primary/35 hover:bg-accent/40 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring",
          )}
        >
          <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
            <FolderIcon aria-hidden="true" className="size-4 fill-current/20" />
          </span>
          <div className="min-w-0 flex-1">
            <Link
              to={to}
              params={{ _splat: folder.path }}
              title={folder.name}
              className="block truncate font-medium text-[13.5px] outline-none after:absolute after:inset-0 after:content-['']"
            >
              {folder.name}
            </Link>
            {subfolderCount > 0 ? (
              <p className="truncate text-[11.5px] text-muted-foreground">
                {plural(subfolderCount, "subfolder")}
              </p>
            ) : null}
            <OwnerBadge ownerName={folder.ownerName} myRole={folder.myRole} />
          </div>
          <FavoriteButton
            entityType="folder"
            entityId={folder._id}
            name={folder.name}
            isFavorite={folder.isFavorite}
            className={cn(
              "relative z-10 transition-opacity",
              folder.isFavorite
                ? "opacity-100"
                : "opacity-0 group-hover:opacity-100 focus-visible:opacity-100",
            )}
          />
          <FolderActionsMenu
            folder={folder}
            className={cn(
              "relative z-10 size-7 opacity-0 transition-opacity",
              "group-hover:opacity-100 focus-visible:opacity-100 data-[state=open]:opacity-100",
            )}
          />
        </li>
      ))}
    </ul>
  );
}
