import { useQuery } from "@tanstack/react-query";
import type { Folder } from "#shared/schemas/dossier.ts";
import { FileTypeIcon } from "../../../components/file-type-icon.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { documentSearchOptions } from "../api/document-queries.ts";
import { formatDate } from "../lib/format.ts";
import { NoMatches } from "./empty-states.tsx";

interface SearchResultsProps {
  query: string;
  folderId: string | null;
  folders: readonly Folder[];
  onOpen: (documentId: string) => void;
  onClear: () => void;
}

/** Full-text hits in this folder and below, best first, each with the passage that matched. */
export function SearchResults({ query, folderId, folders, onOpen, onClear }: SearchResultsProps) {
  const results = useQuery(documentSearchOptions(query, folderId));
  if (results.error) {
    return (
      <Alert variant="error" title="Search failed">
        {results.error.message}
      </Alert>
    );
  }
  if (!results.data) {
    return (
      <div role="status" aria-label="Searching" className="grid gap-3">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-20 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (results.data.length === 0) return <NoMatches query={query} onClear={onClear} />;

  const names = new Map(folders.map((folder) => [folder._id, folder.name]));
  return (
    <div>
      <p className="mb-3 text-muted-foreground text-xs" aria-live="polite">
        {results.data.length === 1
          ? "1 document matches"
          : `${results.data.length} documents match`}
      </p>
      <ul className="grid gap-2" aria-label="Search results" data-testid="search-results">
        {results.data.map(({ document, snippet }) => (
          <li key={document._id}>
            <button
              type="button"
              onClick={() => onOpen(document._id)}
              data-testid="search-result"
              className="flex w-full items-start gap-3 rounded-xl border bg-card p-3.5 text-left outline-none transition-colors hover:border-primary/35 hover:bg-accent/30 focus-visible:ring-2 focus-visible:ring-ring"
            >
              <FileTypeIcon fileType={document.fileType} />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline gap-2">
                  <span className="truncate font-medium text-[13.5px]">{document.name}</span>
                  <span className="shrink-0 text-[11.5px] text-muted-foreground">
                    {document.folderId ? (names.get(document.folderId) ?? "") : "Top level"} ·{" "}
                    {formatDate(document._creationTime)}
                  </span>
                </span>
                <span className="mt-1 line-clamp-2 text-[12.5px] text-muted-foreground leading-relaxed">
                  {snippet}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
