import MoreHorizontal from "lucide-react/icons/ellipsis";
import FolderInput from "lucide-react/icons/folder-input";
import FolderPlus from "lucide-react/icons/folder-plus";
import Pencil from "lucide-react/icons/pencil";
import Share2 from "lucide-react/icons/share-2";
import Trash2 from "lucide-react/icons/trash";
import type { Folder } from "#shared/schemas/dossier.ts";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import { showDossierDialog } from "../hooks/dialog-store.ts";

interface FolderActionsMenuProps {
  folder: Folder;
  className?: string;
  /** "outline" beside the page title, "ghost" on tiles and rows. */
  variant?: "ghost" | "outline";
  testId?: string;
}

/** As far as my role allows: new subfolder, rename, move (editors), share and delete (owner). */
export function FolderActionsMenu({
  folder,
  className,
  variant = "ghost",
  testId,
}: FolderActionsMenuProps) {
  if (folder.myRole === "viewer") return null;
  const isOwner = folder.myRole === "owner";
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant={variant}
          size="icon"
          aria-label={`Actions for folder ${folder.name}`}
          data-testid={testId ?? "folder-actions"}
          className={cn("data-[state=open]:bg-accent data-[state=open]:text-foreground", className)}
        >
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-48">
        <DropdownMenuItem
          onSelect={() =>
            showDossierDialog({
              kind: "create-folder",
              parentId: folder._id,
              parentName: `“${folder.name}”`,
            })
          }
          data-testid="folder-action-new"
        >
          <FolderPlus aria-hidden="true" />
          New subfolder
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => showDossierDialog({ kind: "rename-folder", folder })}
          data-testid="folder-action-rename"
        >
          <Pencil aria-hidden="true" />
          Rename
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() =>
            showDossierDialog({
              kind: "move-folder",
              folderId: folder._id,
              folderName: folder.name,
            })
          }
          data-testid="folder-action-move"
        >
          <FolderInput aria-hidden="true" />
          Move to…
        </DropdownMenuItem>
        {isOwner ? (
          <DropdownMenuItem
            onSelect={() =>
              showDossierDialog({
                kind: "share",
                entityType: "folder",
                entityId: folder._id,
                entityName: folder.name,
                ownerId: folder.ownerId,
              })
            }
            data-testid="folder-action-share"
          >
            <Share2 aria-hidden="true" />
            Share…
          </DropdownMenuItem>
        ) : null}
        {isOwner ? <DropdownMenuSeparator /> : null}
        {isOwner ? (
          <DropdownMenuItem
            variant="destructive"
            onSelect={() => showDossierDialog({ kind: "delete-folder", folder })}
            data-testid="folder-action-delete"
          >
            <Trash2 aria-hidden="true" />
            Delete
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
