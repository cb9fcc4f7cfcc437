import { useQuery } from "@tanstack/react-query";
import Download from "lucide-react/icons/download";
import { DocumentContent } from "../../../components/document-content.tsx";
import { FileTypeIcon } from "../../../components/file-type-icon.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
} from "../../../components/ui/sheet.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { formatDateTime } from "../../../lib/format-date.ts";
import { formatBytes } from "../../../lib/format-figures.ts";
import {
  adminDocumentOptions,
  adminDownloadHref,
  adminPreviewSrc,
} from "../api/admin-look-queries.ts";
import { LoadError } from "./load-error.tsx";

/** Any document, read-only, in a side panel: facts, preview, summary and content. */
export function AdminDocumentSheet({
  documentId,
  onClose,
}: {
  documentId: string | undefined;
  onClose: () => void;
}) {
  return (
    <Sheet open={documentId !== undefined} onOpenChange={(open) => !open && onClose()}>
      <SheetContent data-testid="admin-document-sheet" className="overflow-y-auto">
        {documentId ? <DocumentDetail documentId={documentId} /> : null}
      </SheetContent>
    </Sheet>
  );
}

function DocumentDetail({ documentId }: { documentId: string }) {
  const document = useQuery(adminDocumentOptions(documentId));
  if (document.error && !document.data) {
    return (
      <>
        <SheetTitle className="sr-only">Document</SheetTitle>
        <LoadError error={document.error} retry={() => void document.refetch()} />
      </>
    );
  }
  if (!document.data) {
    return (
      <div className="grid gap-4 p-6" aria-busy="true">
        <SheetTitle className="sr-only">Loading document</SheetTitle>
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-48" />
      </div>
    );
  }
  const d = document.data;
  const facts: [string, string][] = [
    ["Owner", d.ownerName ?? "Former member"],
    ["Organization", d.organizationName],
    ["Folder", d.folderPath ?? "Top level"],
    ["Size", formatBytes(d.size)],
    ["Added", formatDateTime(d._creationTime)],
    ["Status", d.processingStatus.charAt(0).toUpperCase() + d.processingStatus.slice(1)],
  ];
  return (
    <div className="grid gap-6 p-6">
      <header className="flex items-start gap-3 pr-8">
        <FileTypeIcon fileType={d.fileType} className="size-10" iconClassName="size-5" />
        <div className="min-w-0">
          <SheetTitle className="break-words font-semibold text-lg leading-tight">
            {d.name}
          </SheetTitle>
          <SheetDescription className="mt-1 text-muted-foreground text-sm">
            Read-only. This look is recorded in the audit log.
          </SheetDescription>
        </div>
      </header>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-muted-foreground text-xs">{label}</dt>
            <dd className="truncate" title={value}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div>
        <Button variant="outline" size="sm" asChild>
          <a href={adminDownloadHref(d._id)} download data-testid="admin-document-download">
            <Download aria-hidden="true" />
            Download
          </a>
        </Button>
      </div>
      {d.hasPreview ? (
        <img
          src={adminPreviewSrc(d._id)}
          alt={`Preview of ${d.name}`}
          className="max-h-80 w-full rounded-lg border bg-muted object-contain"
        />
      ) : null}
      {d.summary ? (
        <section aria-labelledby="admin-doc-summary">
          <h3 id="admin-doc-summary" className="mb-1.5 font-medium text-sm">
            Summary
          </h3>
          <p className="text-muted-foreground text-sm leading-relaxed">{d.summary}</p>
        </section>
      ) : null}
      <section aria-labelledby="admin-doc-content">
        <h3 id="admin-doc-content" className="mb-2 font-medium text-sm">
          Content
        </h3>
        {d.htmlContent ? (
          <div className="rounded-lg border bg-card p-4">
            <DocumentContent html={d.htmlContent} />
          </div>
        ) : (
          <p className="text-muted-foreground text-sm">
            {d.processingStatus === "completed"
              ? "No text could be extracted from this file."
              : "The content is not available until the document has been processed."}
          </p>
        )}
      </section>
    </div>
  );
}
