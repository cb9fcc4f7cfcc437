import { useQuery } from "@tanstack/react-query";
import type { Sort } from "#shared/rules/sort-cycle.ts";
import type { DocumentFilters, Folder, Passage } from "#shared/schemas/dossier.ts";
import { FileTypeIcon } from "../../../components/file-type-icon.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { documentSearchOptions } from "../api/document-queries.ts";
import { formatDate } from "../lib/format.ts";
import { NoMatches } from "./empty-states.tsx";

/** Where a search hit should open: the document, its passage, the words to mark. */
export interface HitTarget {
  documentId: string;
  words: string[];
  /** The passage's first words, to scroll to. */
  at: string;
}

interface SearchResultsProps {
  query: string;
  filters: DocumentFilters;
  sort: Sort | null;
  folders: readonly Folder[];
  onOpen: (target: HitTarget) => void;
  onClear: () => void;
}

/**
 * Search hits (decision 031), best first or in the chosen order, each with
 * its best passages and the matched words marked. Says plainly whether the
 * search was by words only or also by meaning.
 */
export function SearchResults({
  query,
  filters,
  sort,
  folders,
  onOpen,
  onClear,
}: SearchResultsProps) {
  const results = useQuery(documentSearchOptions(query, filters, sort));
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
          <Skeleton key={key} className="h-24 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  const hits = results.data.page;
  if (hits.length === 0) return <NoMatches query={query} onClear={onClear} />;

  const names = new Map(folders.map((folder) => [folder._id, folder.name]));
  const count = results.data.isDone ? String(hits.length) : `${hits.length}+`;
  return (
    <div>
      <p className="mb-3 text-muted-foreground text-xs" aria-live="polite">
        {hits.length === 1 ? "1 document matches" : `${count} documents match`}
        <span className="text-muted-foreground/70" data-testid="search-mode">
          {" "}
          ·{" "}
          {results.data.hybrid
            ? "matched by words and by meaning"
            : "matched by words (no embedding model configured)"}
        </span>
      </p>
      <ul className="grid gap-2" aria-label="Search results" data-testid="search-results">
        {hits.map(({ document, passages, matchedWords }) => (
          <li key={document._id}>
            <div className="rounded-xl border bg-card p-3.5 transition-colors hover:border-primary/35">
              <button
                type="button"
                onClick={() =>
                  onOpen({
                    documentId: document._id,
                    words: matchedWords,
                    at: passages[0]?.text.slice(0, 80) ?? "",
                  })
                }
                data-testid="search-result"
                className="flex w-full items-start gap-3 rounded-md text-left outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <FileTypeIcon fileType={document.fileType} />
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline gap-2">
                    <span className="truncate font-medium text-[13.5px]">{document.name}</span>
                    {document.primaryTagName ? (
                      <span className="shrink-0 rounded-full bg-primary/10 px-2 py-0.5 text-[11px] text-primary">
                        {document.primaryTagName}
                      </span>
                    ) : null}
                    <span className="ml-auto shrink-0 text-[11.5px] text-muted-foreground">
                      {document.folderId ? (names.get(document.folderId) ?? "Shared") : "Top level"}{" "}
                      · {formatDate(document._creationTime)}
                    </span>
                  </span>
                </span>
              </button>
              {passages.length > 0 ? (
                <ul className="mt-2 grid gap-1.5 pl-11">
                  {passages.slice(0, 2).map((passage) => (
                    <li key={passage.chunkId}>
                      <button
                        type="button"
                        data-testid="search-passage"
                        onClick={() =>
                          onOpen({
                            documentId: document._id,
                            words: matchedWords,
                            at: passage.text.slice(0, 80),
                          })
                        }
                        className="w-full rounded-md px-2 py-1 text-left text-[12.5px] text-muted-foreground leading-relaxed outline-none hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        {whereIs(passage) ? (
                          <span className="mr-2 rounded bg-muted px-1.5 py-0.5 font-medium text-[11px] text-foreground/80">
                            {whereIs(passage)}
                          </span>
                        ) : null}
                        <Highlighted passage={passage} />
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function whereIs(passage: Passage): string | null {
  if (passage.page !== null) return `Page ${passage.page}`;
  if (passage.slide !== null) return `Slide ${passage.slide}`;
  if (passage.sheet !== null) return `Sheet ${passage.sheet}`;
  return null;
}

/** A passage with its matched ranges in <mark>. */
function Highlighted({ passage }: { passage: Passage }) {
  const parts: { text: string; mark: boolean; key: number }[] = [];
  let at = 0;
  for (const range of passage.highlights) {
    if (range.start > at)
      parts.push({ text: passage.text.slice(at, range.start), mark: false, key: at });
    parts.push({ text: passage.text.slice(range.start, range.end), mark: true, key: range.start });
    at = range.end;
  }
  if (at < passage.text.length) parts.push({ text: passage.text.slice(at), mark: false, key: at });
  return (
    <span className="line-clamp-3">
      {parts.map((part) =>
        part.mark ? (
          <mark
            key={part.key}
            className="rounded-sm bg-amber-400/25 px-0.5 text-foreground"
            data-testid="search-highlight"
          >
            {part.text}
          </mark>
        ) : (
          <span key={part.key}>{part.text}</span>
        ),
      )}
    </span>
  );
}
