import X from "lucide-react/icons/x";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import { DocumentIcon } from "../../../../components/document-icon.tsx";
import { cn } from "../../../../components/ui/cn.ts";
import { documentHref } from "../../lib/document-link.ts";
import { InAppLink } from "../citations/in-app-link.tsx";

interface AttachedDocumentsProps {
  documents: DocumentSummary[];
  onDetach: (document: DocumentSummary) => void;
  disabled?: boolean;
}

/** The conversation's documents as chips above the message box. */
export function AttachedDocuments({ documents, onDetach, disabled }: AttachedDocumentsProps) {
  if (documents.length === 0) return null;
  return (
    <ul aria-label="Attached documents" className="flex flex-wrap gap-1.5 px-3 pt-3">
      {documents.map((document) => {
        const name = document.title || document.name;
        return (
          <li
            key={document._id}
            className={cn(
              "flex h-8 max-w-64 items-center gap-1.5 rounded-lg border bg-muted/40 pr-1 pl-1 text-[12.5px]",
              document.processingStatus === "failed" && "border-destructive/40",
            )}
            data-testid="attached-document"
          >
            <DocumentIcon fileType={document.fileType} className="size-6" />
            <InAppLink
              href={documentHref(document._id)}
              className="min-w-0 truncate rounded font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              title={name}
            >
              {name}
            </InAppLink>
            {document.processingStatus === "pending" ||
            document.processingStatus === "processing" ? (
              <span className="shrink-0 text-[11px] text-muted-foreground">processing…</span>
            ) : null}
            <button
              type="button"
              onClick={() => onDetach(document)}
              disabled={disabled}
              aria-label={`Remove ${name}`}
              className="flex size-6 shrink-0 items-center justify-center rounded-md text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
              data-testid="detach-document"
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
