import { Link } from "@tanstack/react-router";
import { Folder as FolderIcon } from "lucide-react";
import type { Folder } from "#shared/schemas/dossier.ts";
import { cn } from "../../../components/ui/cn.ts";
import { plural } from "../lib/format.ts";
import { FolderActionsMenu } from "./folder-actions-menu.tsx";

interface FolderTilesProps {
  folders: readonly { folder: Folder; subfolderCount: number }[];
}

/** The subfolders of the folder on screen, as compact tiles above its documents. */
export function FolderTiles({ folders }: FolderTilesProps) {
  return (
    <ul
      aria-label="Folders"
      data-testid="folder-tiles"
      className="grid grid-cols-[repeat(auto-fill,minmax(200px,1fr))] gap-3"
    >
      {folders.map(({ folder, subfolderCount }) => (
        <li
          key={folder._id}
          data-testid="folder-tile"
          data-path={folder.path}
          className={cn(
            "group relative flex h-14 items-center gap-3 rounded-lg border bg-card px-3 transition-[border-color,background-color]",
            "hover:border-primary/35 hover:bg-accent/40 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring",
          )}
        >
          <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
            <FolderIcon aria-hidden="true" className="size-4 fill-current/20" />
          </span>
          <div className="min-w-0 flex-1">
            <Link
              to="/dossier/$"
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
          </div>
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
