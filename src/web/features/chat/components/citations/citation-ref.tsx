import ExternalLink from "lucide-react/icons/external-link";
import FileText from "lucide-react/icons/file-text";
import { HoverCard } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../../../components/ui/cn.ts";
import { documentHref } from "../../lib/document-link.ts";
import type { CitationSource } from "../../lib/sources.ts";
import { InAppLink } from "./in-app-link.tsx";

const EXTERNAL_REL = "noopener noreferrer nofollow";

/** The link behind a source: its document in the dossier, or a safe web address. */
export function SourceLink({
  source,
  ...rest
}: Omit<ComponentProps<"a">, "href"> & { source: CitationSource }) {
  if (source.documentId) return <InAppLink href={documentHref(source.documentId)} {...rest} />;
  if (source.href) return <a href={source.href} target="_blank" rel={EXTERNAL_REL} {...rest} />;
  // Nothing to open: still focusable, so the passage can be read from the keyboard.
  return <a tabIndex={0} role="note" {...rest} />;
}

/** "[n]" in an answer: links to the source; hovering or focusing shows the passage. */
export function CitationRef({ source }: { source: CitationSource }) {
  return (
    <HoverCard.Root openDelay={120} closeDelay={80}>
      <HoverCard.Trigger asChild>
        <SourceLink
          source={source}
          aria-label={`Source ${source.number}: ${source.title}`}
          data-testid="citation"
          className={cn(
            "mx-0.5 inline-flex h-[1.15rem] min-w-[1.15rem] items-center justify-center rounded-[5px] px-1",
            "bg-primary/15 align-[0.15em] font-medium text-[10.5px] text-primary no-underline leading-none",
            "outline-none transition-colors hover:bg-primary/25 focus-visible:ring-2 focus-visible:ring-ring",
          )}
        >
          {source.number}
        </SourceLink>
      </HoverCard.Trigger>
      <HoverCard.Portal>
        <HoverCard.Content
          side="top"
          sideOffset={6}
          collisionPadding={12}
          data-testid="citation-card"
          className={cn(
            "z-50 w-80 rounded-lg border bg-popover p-3.5 text-popover-foreground shadow-xl shadow-black/25",
            "data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out",
          )}
        >
          <div className="flex items-start gap-2.5">
            <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-primary/12 text-primary">
              {source.href ? (
                <ExternalLink aria-hidden="true" className="size-3.5" />
              ) : (
                <FileText aria-hidden="true" className="size-3.5" />
              )}
            </span>
            <div className="min-w-0">
              <p className="truncate font-medium text-[13px]">{source.title}</p>
              <p className="text-[11.5px] text-muted-foreground">Source {source.number}</p>
            </div>
          </div>
          {source.passage ? (
            <blockquote className="mt-3 line-clamp-6 border-primary/40 border-l-2 pl-3 text-[12.5px] text-muted-foreground leading-relaxed">
              {source.passage}
            </blockquote>
          ) : null}
        </HoverCard.Content>
      </HoverCard.Portal>
    </HoverCard.Root>
  );
}
