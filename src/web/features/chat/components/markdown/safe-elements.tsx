import ImageOff from "lucide-react/icons/image-off";
import type { ComponentProps } from "react";
import type { ExtraProps } from "react-markdown";
import { hostOf, safeExternalHref } from "../../../../lib/safe-url.ts";
import { citedNumbers } from "../../lib/remark-citations.ts";
import { useCitationSources } from "../citations/citation-context.tsx";
import { CitationRef } from "../citations/citation-ref.tsx";

const EXTERNAL_REL = "noopener noreferrer nofollow";

/** A link from model output: http(s) and mailto only, in a new tab; anything else is plain text. */
export function SafeLink({ href, children }: ComponentProps<"a"> & ExtraProps) {
  const safe = safeExternalHref(href);
  if (!safe) return <span className="text-foreground">{children}</span>;
  return (
    <a
      href={safe}
      target="_blank"
      rel={EXTERNAL_REL}
      className="font-medium text-primary underline decoration-primary/40 underline-offset-2 hover:decoration-primary"
    >
      {children}
    </a>
  );
}

/**
 * An image in model output is not loaded: fetching it would tell its host
 * that (and whatever the URL encodes) the model saw. The user may open it.
 */
export function BlockedImage({ src, alt }: ComponentProps<"img"> & ExtraProps) {
  const safe = typeof src === "string" ? safeExternalHref(src) : null;
  const label = alt?.trim() || "Image";
  const content = (
    <>
      <ImageOff aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="truncate">
        {label}
        {safe ? <span className="text-muted-foreground"> · {hostOf(safe)}</span> : null}
      </span>
    </>
  );
  const className =
    "my-1 inline-flex max-w-full items-center gap-1.5 rounded-md border border-dashed bg-muted/40 px-2 py-1 align-middle text-[12.5px]";
  return safe ? (
    <a
      href={safe}
      target="_blank"
      rel={EXTERNAL_REL}
      className={`${className} hover:bg-muted`}
      title="Image not loaded automatically. Open it in a new tab."
      data-testid="blocked-image"
    >
      {content}
    </a>
  ) : (
    <span className={className} data-testid="blocked-image">
      {content}
    </span>
  );
}

/** `<sup data-citation>` from the citations plugin becomes [n] references; other sup stays. */
export function Citation({ node, children, ...props }: ComponentProps<"sup"> & ExtraProps) {
  const sources = useCitationSources();
  const marker = node?.properties?.dataCitation;
  if (marker === undefined) return <sup {...props}>{children}</sup>;
  const numbers = citedNumbers(marker);
  return (
    <>
      {numbers.map((number, index) => {
        const source = sources.find((s) => s.number === number);
        const key = `${number}-${index}`;
        return source ? (
          <CitationRef key={key} source={source} />
        ) : (
          <span key={key} className="text-muted-foreground">
            [{number}]
          </span>
        );
      })}
    </>
  );
}
