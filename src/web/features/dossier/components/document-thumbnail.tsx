import { useState } from "react";
import { FILE_TYPE_INFO, type FileType } from "#shared/file-types.ts";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import { fileTypeIconComponent, fileTypeLabel } from "../../../components/file-type-icon.tsx";
import { cn } from "../../../components/ui/cn.ts";

/** Photos fill the tile; slides and drawings are shown whole; pages from the top. */
function previewFit(fileType: FileType): string {
  if (fileType === "svg" || FILE_TYPE_INFO[fileType].kind === "presentation") {
    return "object-contain bg-white";
  }
  return FILE_TYPE_INFO[fileType].kind === "image" ? "object-cover" : "object-cover object-top";
}

export const previewUrl = (storageId: string) =>
  `/api/document-preview/${encodeURIComponent(storageId)}`;

/**
 * The first page (or the image itself) once processing has made a preview;
 * until then, or if it cannot load, the file type's icon on a soft tile.
 */
export function DocumentThumbnail({
  document,
  className,
  eager = false,
}: {
  document: Pick<DocumentSummary, "storageId" | "hasPreview" | "fileType" | "processingStatus">;
  className?: string;
  /** Load at once (the document view) instead of when scrolled near. */
  eager?: boolean;
}) {
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const showImage = document.hasPreview && failedFor !== document.storageId;
  const Icon = fileTypeIconComponent(document.fileType);
  return (
    <div
      className={cn(
        "relative flex items-center justify-center overflow-hidden bg-muted/50",
        "bg-[radial-gradient(circle_at_50%_35%,color-mix(in_oklch,var(--primary)_9%,transparent),transparent_70%)]",
        className,
      )}
    >
      {showImage ? (
        <img
          src={previewUrl(document.storageId)}
          alt=""
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          draggable={false}
          onError={() => setFailedFor(document.storageId)}
          className={cn("size-full", previewFit(document.fileType))}
          data-testid="document-preview-image"
        />
      ) : (
        <div className="flex flex-col items-center gap-2 text-muted-foreground">
          <Icon
            aria-hidden="true"
            className={cn(
              "size-9 stroke-[1.4]",
              document.processingStatus === "processing" && "animate-pulse",
            )}
          />
          <span className="font-medium text-[10px] uppercase tracking-wider">
            {fileTypeLabel(document.fileType)}
          </span>
        </div>
      )}
    </div>
  );
}
