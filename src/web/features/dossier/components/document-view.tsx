import { useQuery } from "@tanstack/react-query";
import { Download, FolderInput, Pencil, RotateCcw, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { downloadFileName } from "#shared/rules/download-file-name.ts";
import type { Document } from "#shared/schemas/dossier.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { SheetDescription, SheetTitle } from "../../../components/ui/sheet.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { folderLabel } from "../../../lib/folder-names.ts";
import { allFoldersOptions } from "../../../lib/shared-queries.ts";
import { showDossierDialog } from "../hooks/dialog-store.ts";
import { useRetryDocument } from "../hooks/use-document-mutations.ts";
import { formatBytes, formatDate } from "../lib/format.ts";
import { downloadUrl } from "./document-actions-menu.tsx";
import { DocumentContent } from "./document-content.tsx";
import { DocumentMetadata } from "./document-metadata.tsx";
import { DocumentThumbnail } from "./document-thumbnail.tsx";
import { FileTypeIcon, fileTypeLabel } from "./file-type-icon.tsx";
import { StatusBadge } from "./status-badge.tsx";

/** "Contracts / 2024" from the folder names; the slug path while they load. */
function useFolderLabel(document: Document): string {
  const folders = useQuery(allFoldersOptions()).data;
  if (!document.folderId) return "Top level";
  const label = folders ? folderLabel(folders, document.folderId) : "";
  return label || (document.folderPath?.split("/").join(" / ") ?? "");
}

/** The document view's header with its actions, and its body: preview, summary, details, content. */
export function DocumentView({ document }: { document: Document }) {
  const retry = useRetryDocument();
  const where = useFolderLabel(document);
  return (
    <>
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
          <Button
            variant="outline"
            size="sm"
            onClick={() => showDossierDialog({ kind: "rename-document", document })}
            data-testid="document-rename"
          >
            <Pencil aria-hidden="true" />
            Rename
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => showDossierDialog({ kind: "move-document", document })}
            data-testid="document-move"
          >
            <FolderInput aria-hidden="true" />
            Move
          </Button>
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
        </div>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5" data-testid="document-sheet-body">
        {document.processingStatus === "failed" ? (
          <div className="mb-5">
            <Alert
              variant="error"
              title="Processing failed"
              data-testid="document-processing-error"
            >
              <p>{document.processingError ?? "The file could not be processed."}</p>
              <Button
                size="sm"
                variant="outline"
                className="mt-3"
                disabled={retry.isPending}
                onClick={() => retry.mutate({ documentId: document._id })}
                data-testid="document-retry"
              >
                {retry.isPending ? <Spinner /> : <RotateCcw aria-hidden="true" />}
                Retry processing
              </Button>
            </Alert>
          </div>
        ) : null}
        <div className="grid gap-6">
          <DocumentThumbnail
            document={document}
            eager
            className="aspect-[16/10] w-full rounded-lg border [&_img]:object-contain [&_img]:bg-white/95"
          />
          {document.summary ? (
            <Section title="Summary">
              <p
                className="text-[14px] text-foreground/90 leading-relaxed"
                data-testid="document-summary"
              >
                {document.summary}
              </p>
            </Section>
          ) : null}
          <Section title="Details">
            <DocumentMetadata document={document} />
          </Section>
          <Section title="Content">
            {document.htmlContent ? (
              <div className="rounded-lg border bg-background/40 p-5">
                <DocumentContent html={document.htmlContent} />
              </div>
            ) : (
              <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
                {document.processingStatus === "pending" ||
                document.processingStatus === "processing"
                  ? "The content appears here as soon as processing finishes."
                  : "This document has no text content to show."}
              </p>
            )}
          </Section>
        </div>
      </div>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h3 className="mb-2.5 font-medium text-[11.5px] text-muted-foreground uppercase tracking-wider">
        {title}
      </h3>
      {children}
    </section>
  );
}
