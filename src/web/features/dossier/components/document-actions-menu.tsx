import Download from "lucide-react/icons/download";
import MoreHorizontal from "lucide-react/icons/ellipsis";
import Eye from "lucide-react/icons/eye";
import FolderInput from "lucide-react/icons/folder-input";
import Pencil from "lucide-react/icons/pencil";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import Share2 from "lucide-react/icons/share-2";
import Trash2 from "lucide-react/icons/trash";
import { type KeyboardEvent, type PointerEvent, useLayoutEffect, useRef, useState } from "react";
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

const triggerClass = "size-7 data-[state=open]:bg-accent data-[state=open]:text-foreground";

/** How the menu was first asked for: a hover or focus mounts it closed, a press mounts it open. */
type Armed = "closed" | "open";

/**
 * Open and download, and as far as my role allows: rename, move, retry
 * (after a failure), share (owner) and delete (owner).
 *
 * A grid shows dozens of these at once, and a Radix menu (its root, trigger, popper anchor,
 * document listeners) and its mutation hook cost every card render time. Until someone points
 * at, focuses or presses the trigger it is a plain button of the same look and name; the menu
 * mounts then (decision 016, "cheap cards"). A press (pointer, Enter, Space, ArrowDown) on the
 * plain button mounts it open; a keyboard focus moves to the menu's own trigger.
 */
export function DocumentActionsMenu(props: DocumentActionsMenuProps) {
  const [armed, setArmed] = useState<Armed | null>(null);
  const focused = useRef(false);
  if (armed)
    return <ActionsMenu {...props} defaultOpen={armed === "open"} refocus={focused.current} />;
  const { document, className } = props;
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label={`Actions for ${document.name}`}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      data-testid="document-actions"
      className={cn(triggerClass, className)}
      onPointerEnter={() => setArmed("closed")}
      onFocus={() => {
        focused.current = true;
        setArmed("closed");
      }}
      onPointerDown={(event: PointerEvent) => {
        // As Radix's trigger: the main button without Ctrl opens (touch has no hover first).
        if (event.button === 0 && !event.ctrlKey) {
          event.preventDefault();
          setArmed("open");
        }
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === "Enter" || event.key === " " || event.key === "ArrowDown") {
          event.preventDefault();
          focused.current = true;
          setArmed("open");
        }
      }}
    >
      <MoreHorizontal aria-hidden="true" />
    </Button>
  );
}

function ActionsMenu({
  document,
  onOpen,
  className,
  defaultOpen,
  refocus,
}: DocumentActionsMenuProps & { defaultOpen: boolean; refocus: boolean }) {
  const retry = useRetryDocument();
  const trigger = useRef<HTMLButtonElement>(null);
  // The plain button had the focus and was replaced: give it to the menu's trigger.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the menu mounts
  useLayoutEffect(() => {
    if (refocus && !defaultOpen) trigger.current?.focus({ preventScroll: true });
  }, []);
  const canEdit = document.myRole !== "viewer";
  const isOwner = document.myRole === "owner";
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button
          ref={trigger}
          variant="ghost"
          size="icon"
          aria-label={`Actions for ${document.name}`}
          data-testid="document-actions"
          className={cn(triggerClass, className)}
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
