import { diffWordsWithSpace } from "diff";
import { useMemo } from "react";
import { draftText } from "../lib/draft-html.ts";

/**
 * A word-level comparison of two versions' text (jsdiff), in its own chunk
 * with the compare dialog: additions green, deletions red and struck.
 */
export default function DraftDiff({ before, after }: { before: string; after: string }) {
  const parts = useMemo(
    () =>
      diffWordsWithSpace(draftText(before), draftText(after)).map((part, at) => ({
        ...part,
        id: `${at}:${part.added ? "+" : part.removed ? "-" : "="}`,
      })),
    [before, after],
  );
  const added = parts.filter((p) => p.added).reduce((n, p) => n + words(p.value), 0);
  const removed = parts.filter((p) => p.removed).reduce((n, p) => n + words(p.value), 0);
  return (
    <div className="flex min-h-0 flex-col gap-3">
      <p
        className="flex items-center gap-3 text-[12.5px] text-muted-foreground"
        data-testid="draft-diff-stats"
      >
        <span className="font-medium text-success">
          +{added} {added === 1 ? "word" : "words"}
        </span>
        <span className="font-medium text-destructive">
          −{removed} {removed === 1 ? "word" : "words"}
        </span>
        {added + removed === 0 ? <span>The text is the same.</span> : null}
      </p>
      <div
        data-testid="draft-diff"
        className="min-h-0 overflow-y-auto whitespace-pre-wrap rounded-lg border bg-background/40 p-4 text-[14px] leading-[1.75]"
      >
        {parts.map((part) =>
          part.added ? (
            <ins
              key={part.id}
              data-testid="diff-added"
              className="rounded-sm bg-success/15 text-success no-underline decoration-success/60"
            >
              {part.value}
            </ins>
          ) : part.removed ? (
            <del
              key={part.id}
              data-testid="diff-removed"
              className="rounded-sm bg-destructive/15 text-destructive line-through decoration-destructive/60"
            >
              {part.value}
            </del>
          ) : (
            <span key={part.id} className="text-foreground/80">
              {part.value}
            </span>
          ),
        )}
      </div>
    </div>
  );
}

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
