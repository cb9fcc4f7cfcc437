import FileText from "lucide-react/icons/file-text";
import Globe from "lucide-react/icons/globe";
import { cn } from "../../../../components/ui/cn.ts";
import type { CitationSource } from "../../lib/sources.ts";
import { SourceLink } from "../citations/citation-ref.tsx";

/** The sources under an answer, numbered as the answer cites them. */
export function SourceList({ sources }: { sources: readonly CitationSource[] }) {
  if (sources.length === 0) return null;
  return (
    <section aria-label="Sources" className="mt-3" data-testid="message-sources">
      <h3 className="mb-1.5 font-medium text-[11px] text-muted-foreground uppercase tracking-wider">
        Sources
      </h3>
      <ol className="flex flex-wrap gap-1.5">
        {sources.map((source) => {
          const Icon = source.href ? Globe : FileText;
          return (
            <li key={source.key} className="min-w-0 max-w-full">
              <SourceLink
                source={source}
                title={source.passage ?? source.title}
                data-testid="source-link"
                className={cn(
                  "flex max-w-72 items-center gap-1.5 rounded-md border bg-card px-2 py-1 text-[12px] outline-none",
                  "transition-colors hover:border-foreground/15 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring",
                )}
              >
                <span className="font-medium text-primary tabular-nums">{source.number}</span>
                <Icon aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
                <span className="truncate">{source.title}</span>
              </SourceLink>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
