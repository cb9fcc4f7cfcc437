import RotateCcw from "lucide-react/icons/rotate-ccw";
import type { ReactNode } from "react";
import type { Document } from "#shared/schemas/dossier.ts";
import { type ContentHighlight, DocumentContent } from "../../../components/document-content.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useRetryDocument } from "../hooks/use-document-mutations.ts";
import { DocumentMetadata } from "./document-metadata.tsx";
import { DocumentTags } from "./document-tags.tsx";
import { DocumentThumbnail } from "./document-thumbnail.tsx";
import { DocumentViewHeader } from "./document-view-header.tsx";

/** The document view: its header with the actions, then preview, summary, details and content. */
export function DocumentView({
  document,
  passage,
  highlight,
}: {
  document: Document;
  passage?: string;
  highlight?: ContentHighlight;
}) {
  const retry = useRetryDocument();
  return (
    <>
      <DocumentViewHeader document={document} />
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
          <Section title="Tags">
            <DocumentTags document={document} />
          </Section>
          <Section title="Details">
            <DocumentMetadata document={document} />
          </Section>
          <Section title="Content">
            {document.htmlContent ? (
              <div className="rounded-lg border bg-background/40 p-5">
                <DocumentContent
                  html={document.htmlContent}
                  passage={passage}
                  highlight={highlight}
                />
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
