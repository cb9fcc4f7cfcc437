import { useQuery } from "@tanstack/react-query";
import Download from "lucide-react/icons/download";
import FolderInput from "lucide-react/icons/folder-input";
import Pencil from "lucide-react/icons/pencil";
import Share2 from "lucide-react/icons/share-2";
import Trash2 from "lucide-react/icons/trash";
import { downloadFileName } from "#shared/rules/download-file-name.ts";
import type { Document } from "#shared/schemas/dossier.ts";
import { FileTypeIcon, fileTypeLabel } from "../../../components/file-type-icon.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { SheetDescription, SheetTitle } from "../../../components/ui/sheet.tsx";
import { folderLabel } from "../../../lib/folder-names.ts";
import { allFoldersOptions } from "../../../lib/shared-queries.ts";
import { showDossierDialog } from "../hooks/dialog-store.ts";
import { formatBytes, formatDate } from "../lib/format.ts";
import { downloadUrl } from "./document-actions-menu.tsx";
import { FavoriteButton } from "./favorite-button.tsx";
import { OwnerBadge } from "./owner-badge.tsx";
import { StatusBadge } from "./status-badge.tsx";

/** "Contracts / 2024" from the folder names; the slug path while they load. */
function useFolderLabel(document: Document): string {
  const folders = useQuery(allFoldersOptions()).data;
  if (!document.folderId) return "Top level";
  const label = folders ? folderLabel(folders, document.folderId) : "";
  return label || (document.folderPath?.split("/").join(" / ") ?? "");
}

/** The document view's header: its name, type, size, date and folder, and its actions. */
export function DocumentViewHeader({ document }: { document: Document }) {
  const where = useFolderLabel(document);
  const canEdit = document.myRole !== "viewer";
  const isOwner = document.myRole === "owner";
  return (
    <header className="border-b px-6 pt-5 pb-4">
      <div className="flex items-start gap-3 pr-8">
        <FileTypeIcon
          fileType={document.fileType}
          className="mt-0.5 size-10"
          iconClassName="size-5"
        />
        <div className="min-w-0 flex-1">
          <SheetTitle
            className="break-words font-semibold text-lg leading-snug tracking-tight"
            data-testid="document-sheet-title"
          >
            {document.name}
          </SheetTitle>
          <OwnerBadge ownerName={document.ownerName} myRole={document.myRole} className="mt-1" />
          <SheetDescription
            id="document-sheet-description"
            className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-[12.5px] text-muted-foreground"
          >
            <span>{fileTypeLabel(document.fileType)}</span>
            <span aria-hidden="true">·</span>
            <span>{formatBytes(document.size)}</span>
            <span aria-hidden="true">·</span>
            <span>Added {formatDate(document._creationTime)}</span>
            <span aria-hidden="true">·</span>
            <span className="truncate" title={where}>
              {where}
            </span>
          </SheetDescription>
        </div>
        <FavoriteButton
          entityType="document"
          entityId={document._id}
          name={document.name}
          isFavorite={document.isFavorite}
          className="size-8"
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <StatusBadge status={document.processingStatus} className="mr-1" />
        <Button asChild size="sm">
          <a
            href={downloadUrl(document._id)}
            download={downloadFileName(document)}
            data-testid="document-download"
          >
            <Download aria-hidden="true" />
            Download
          </a>
        </Button>
        {isOwner ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              showDossierDialog({
                kind: "share",
                entityType: "document",
                entityId: document._id,
                entityName: document.name,
                ownerId: document.ownerId,
              })
            }
            data-testid="document-share"
          >
            <Share2 aria-hidden="true" />
            Share
          </Button>
        ) : null}
        {canEdit ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => showDossierDialog({ kind: "rename-document", document })}
            data-testid="document-rename"
          >
            <Pencil aria-hidden="true" />
            Rename
          </Button>
        ) : null}
        {canEdit ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => showDossierDialog({ kind: "move-document", document })}
            data-testid="document-move"
          >
            <FolderInput aria-hidden="true" />
            Move
          </Button>
        ) : null}
        {isOwner ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            onClick={() => showDossierDialog({ kind: "delete-document", document })}
            data-testid="document-delete"
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        ) : null}
      </div>
    </header>
  );
}
