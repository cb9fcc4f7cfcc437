import { memo } from "react";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import { FileTypeIcon } from "../../../components/file-type-icon.tsx";
import { cn } from "../../../components/ui/cn.ts";
import type { DocumentCardActions } from "../hooks/use-document-card-actions.ts";
import { formatBytes, formatDate } from "../lib/format.ts";
import { DocumentActionsMenu } from "./document-actions-menu.tsx";
import { DocumentThumbnail } from "./document-thumbnail.tsx";
import { FavoriteToggle } from "./favorite-button.tsx";
import { OwnerBadge } from "./owner-badge.tsx";
import { StatusBadge } from "./status-badge.tsx";

/**
 * A document in the grid: preview, name, type, size, date and status; opens the document view.
 * Memoized: `actions` is made once per grid (`useDocumentCardActions`), so a card re-renders
 * only when its document changes.
 */
export const DocumentCard = memo(function DocumentCard({
  document,
  actions,
}: {
  document: DocumentSummary;
  actions: DocumentCardActions;
}) {
  const href = actions.href(document._id);
  const onOpen = () => actions.open(document._id);
  return (
    <article
      data-testid="document-card"
      data-document-id={document._id}
      data-status={document.processingStatus}
      className={cn(
        "group relative flex flex-col overflow-hidden rounded-xl border bg-card transition-[border-color,box-shadow,transform]",
        "hover:border-primary/35 hover:shadow-lg hover:shadow-black/15",
        "focus-within:border-primary/50 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring",
      )}
    >
      <DocumentThumbnail document={document} className="aspect-[4/3] w-full border-b" />
      {document.processingStatus !== "completed" ? (
        <StatusBadge
          status={document.processingStatus}
          title={document.processingError ?? undefined}
          className="absolute top-2.5 left-2.5 bg-popover/90 shadow-sm backdrop-blur"
        />
      ) : null}
      <div className="flex min-w-0 items-start gap-2.5 p-3">
        <FileTypeIcon
          fileType={document.fileType}
          className="mt-0.5 size-7"
          iconClassName="size-3.5"
        />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-medium text-[13.5px] leading-snug" title={document.name}>
            <a
              href={href}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                event.preventDefault();
                onOpen();
              }}
              data-testid="document-open"
              className="outline-none after:absolute after:inset-0 after:content-['']"
            >
              {document.name}
            </a>
          </h3>
          <p className="mt-0.5 truncate text-[12px] text-muted-foreground">
            {formatBytes(document.size)} ·{" "}
            <time dateTime={new Date(document._creationTime).toISOString()}>
              {formatDate(document._creationTime)}
            </time>
          </p>
          <OwnerBadge ownerName={document.ownerName} myRole={document.myRole} className="mt-1" />
        </div>
      </div>
      <FavoriteToggle
        entityType="document"
        name={document.name}
        isFavorite={document.isFavorite}
        onToggle={() => actions.setFavorite(document._id, !document.isFavorite)}
        className={cn(
          "absolute top-2 right-10 z-10 bg-popover/85 shadow-sm transition-opacity",
          // The blur only while shown: a backdrop filter on every hidden button cost each
          // frame a composited layer per card (decision 016, "cheap cards").
          document.isFavorite
            ? "opacity-100 backdrop-blur"
            : "opacity-0 group-hover:opacity-100 group-hover:backdrop-blur focus-visible:opacity-100 focus-visible:backdrop-blur",
        )}
      />
      <DocumentActionsMenu
        document={document}
        onOpen={onOpen}
        className={cn(
          "absolute top-2 right-2 z-10 bg-popover/85 opacity-0 shadow-sm transition-opacity",
          "group-hover:opacity-100 focus-visible:opacity-100 data-[state=open]:opacity-100",
          "group-hover:backdrop-blur focus-visible:backdrop-blur data-[state=open]:backdrop-blur",
        )}
      />
    </article>
  );
});
