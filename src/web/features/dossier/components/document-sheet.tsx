import { useQuery } from "@tanstack/react-query";
import FileQuestion from "lucide-react/icons/file-question-mark";
import type { ContentHighlight } from "../../../components/document-content.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
} from "../../../components/ui/sheet.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { documentOptions } from "../api/document-queries.ts";
import { DocumentView } from "./document-view.tsx";

interface DocumentSheetProps {
  documentId: string | undefined;
  /** A quoted passage to scroll to and mark (a citation's words). */
  passage?: string;
  onClose: () => void;
  /** Opened from a search hit: mark its words and scroll to its passage. */
  highlight?: ContentHighlight;
}

/**
 * The document view, beside the folder it was opened from: preview, summary,
 * metadata and content, with download, rename, move, delete and retry. Live:
 * processing, renames and moves made anywhere show here at once.
 */
export function DocumentSheet({ documentId, passage, onClose, highlight }: DocumentSheetProps) {
  return (
    <Sheet open={documentId !== undefined} onOpenChange={(open) => !open && onClose()}>
      <SheetContent data-testid="document-sheet" aria-describedby="document-sheet-description">
        {documentId ? (
          <OpenDocument
            documentId={documentId}
            passage={passage}
            onClose={onClose}
            highlight={highlight}
          />
        ) : (
          <Loading />
        )}
      </SheetContent>
    </Sheet>
  );
}

function OpenDocument({
  documentId,
  passage,
  onClose,
  highlight,
}: {
  documentId: string;
  passage?: string;
  onClose: () => void;
  highlight?: ContentHighlight;
}) {
  const query = useQuery(documentOptions(documentId));
  if (query.data)
    return <DocumentView document={query.data} passage={passage} highlight={highlight} />;
  if (query.error) return <Missing message={query.error.message} onClose={onClose} />;
  return <Loading />;
}

function Loading() {
  return (
    <div role="status" aria-label="Loading the document" className="px-6 py-5">
      <SheetTitle className="sr-only">Loading the document</SheetTitle>
      <SheetDescription id="document-sheet-description" className="sr-only">
        The document is loading.
      </SheetDescription>
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 rounded-md" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-5 w-3/5" />
          <Skeleton className="h-3.5 w-2/5" />
        </div>
      </div>
      <Skeleton className="mt-6 aspect-[16/10] w-full rounded-lg" />
      <Skeleton className="mt-6 h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-4/5" />
    </div>
  );
}

function Missing({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <div
      className="flex flex-1 flex-col items-center justify-center px-8 text-center"
      data-testid="document-missing"
    >
      <div className="mb-5 flex size-12 items-center justify-center rounded-xl border bg-card text-muted-foreground">
        <FileQuestion aria-hidden="true" className="size-6" />
      </div>
      <SheetTitle className="font-semibold text-lg">This document is not available</SheetTitle>
      <SheetDescription
        id="document-sheet-description"
        className="mt-2 max-w-sm text-muted-foreground text-sm"
      >
        {message} It may have been deleted or moved out of your reach.
      </SheetDescription>
      <Button variant="outline" className="mt-6" onClick={onClose}>
        Back to the folder
      </Button>
    </div>
  );
}
