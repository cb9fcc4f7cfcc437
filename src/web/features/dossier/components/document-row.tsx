import type { CSSProperties } from "react";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import { FileTypeIcon } from "../../../components/file-type-icon.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { useDocumentHref } from "../hooks/use-document-href.ts";
import { formatBytes, formatDate, formatDateTime } from "../lib/format.ts";
import { DocumentActionsMenu } from "./document-actions-menu.tsx";
import { FavoriteButton } from "./favorite-button.tsx";
import { TABLE_COLUMNS } from "./layout.ts";
import { OwnerBadge } from "./owner-badge.tsx";
import { StatusBadge } from "./status-badge.tsx";

export const rowClass = cn(
  TABLE_COLUMNS,
  "h-[52px] items-center border-b px-4 text-[13px] transition-colors hover:bg-accent/40",
  "focus-within:bg-accent/40",
);

interface DocumentRowProps {
  document: DocumentSummary;
  onOpen: () => void;
  style?: CSSProperties;
  rowIndex: number;
}

/** One document in the list view: kind, Name, Type, Details, Added, Size, Actions. */
export function DocumentRow({ document, onOpen, style, rowIndex }: DocumentRowProps) {
  const href = useDocumentHref(document._id);
  return (
    <tr
      aria-rowindex={rowIndex}
      data-testid="document-row"
      data-document-id={document._id}
      data-status={document.processingStatus}
      className={cn(rowClass, "absolute inset-x-0 top-0")}
      style={style}
    >
      <td>
        <FileTypeIcon fileType={document.fileType} />
      </td>
      <td className="min-w-0">
        <a
          href={href}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey) return;
            event.preventDefault();
            onOpen();
          }}
          title={document.name}
          data-testid="document-open"
          className="block truncate rounded-sm font-medium text-foreground outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {document.name}
        </a>
        <OwnerBadge ownerName={document.ownerName} myRole={document.myRole} className="-mt-0.5" />
      </td>
      <td className="truncate text-muted-foreground">
        {document.primaryTagName ?? <span className="text-muted-foreground/50">—</span>}
      </td>
      <td className="flex min-w-0 items-center gap-2">
        <Details document={document} />
      </td>
      <td
        className="truncate text-muted-foreground tabular-nums"
        title={formatDateTime(document._creationTime)}
      >
        {formatDate(document._creationTime)}
      </td>
      <td className="truncate text-muted-foreground tabular-nums">{formatBytes(document.size)}</td>
      <td className="flex justify-end gap-0.5">
        <FavoriteButton
          entityType="document"
          entityId={document._id}
          name={document.name}
          isFavorite={document.isFavorite}
          className={
            document.isFavorite
              ? undefined
              : "opacity-40 hover:opacity-100 focus-visible:opacity-100"
          }
        />
        <DocumentActionsMenu document={document} onOpen={onOpen} />
      </td>
    </tr>
  );
}

function Details({ document }: { document: DocumentSummary }) {
  if (document.processingStatus === "completed") {
    return (
      <span className="truncate text-muted-foreground" title={document.summary ?? undefined}>
        {document.summary ?? "Ready"}
      </span>
    );
  }
  return (
    <>
      <StatusBadge status={document.processingStatus} />
      {document.processingStatus === "failed" && document.processingError ? (
        <span className="truncate text-destructive/90 text-xs" title={document.processingError}>
          {document.processingError}
        </span>
      ) : null}
    </>
  );
}
