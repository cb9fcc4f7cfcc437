import {
  Download,
  Eye,
  FolderInput,
  MoreHorizontal,
  Pencil,
  RotateCcw,
  Share2,
  Trash2,
} from "lucide-react";
import { downloadFileName } from "#shared/rules/download-file-name.ts";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
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
import { useRetryDocument } from "../hooks/use-document-mutations.ts";

export const downloadUrl = (documentId: string) =>
  `/api/documents/${encodeURIComponent(documentId)}/download`;

interface DocumentActionsMenuProps {
  document: DocumentSummary;
  onOpen?: () => void;
  className?: string;
}

/**
 * Open and download, and as far as my role allows: rename, move, retry
 * (after a failure), share (owner) and delete (owner).
 */
export function DocumentActionsMenu({ document, onOpen, className }: DocumentActionsMenuProps) {
  const retry = useRetryDocument();
  const canEdit = document.myRole !== "viewer";
  const isOwner = document.myRole === "owner";
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Actions for ${document.name}`}
          data-testid="document-actions"
          className={cn(
            "size-7 data-[state=open]:bg-accent data-[state=open]:text-foreground",
            className,
          )}
        >
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-48">
        {onOpen ? (
          <DropdownMenuItem onSelect={onOpen} data-testid="document-action-open">
            <Eye aria-hidden="true" />
            Open
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem asChild>
          <a
            href={downloadUrl(document._id)}
            download={downloadFileName(document)}
            data-testid="document-action-download"
          >
            <Download aria-hidden="true" />
            Download
          </a>
        </DropdownMenuItem>
        {isOwner ? (
          <DropdownMenuItem
            onSelect={() =>
              showDossierDialog({
                kind: "share",
                entityType: "document",
                entityId: document._id,
                entityName: document.name,
                ownerId: document.ownerId,
              })
            }
            data-testid="document-action-share"
          >
            <Share2 aria-hidden="true" />
            Share…
          </DropdownMenuItem>
        ) : null}
        {canEdit ? <DropdownMenuSeparator /> : null}
        {canEdit ? (
          <DropdownMenuItem
            onSelect={() => showDossierDialog({ kind: "rename-document", document })}
            data-testid="document-action-rename"
          >
            <Pencil aria-hidden="true" />
            Rename
          </DropdownMenuItem>
        ) : null}
        {canEdit ? (
          <DropdownMenuItem
            onSelect={() => showDossierDialog({ kind: "move-document", document })}
            data-testid="document-action-move"
          >
            <FolderInput aria-hidden="true" />
            Move to…
          </DropdownMenuItem>
        ) : null}
        {canEdit && document.processingStatus === "failed" ? (
          <DropdownMenuItem
            onSelect={() => retry.mutate({ documentId: document._id })}
            data-testid="document-action-retry"
          >
            <RotateCcw aria-hidden="true" />
            Retry processing
          </DropdownMenuItem>
        ) : null}
        {isOwner ? <DropdownMenuSeparator /> : null}
        {isOwner ? (
          <DropdownMenuItem
            variant="destructive"
            onSelect={() => showDossierDialog({ kind: "delete-document", document })}
            data-testid="document-action-delete"
          >
            <Trash2 aria-hidden="true" />
            Delete
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
