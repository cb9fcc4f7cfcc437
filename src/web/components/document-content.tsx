import { useEffect, useMemo, useRef } from "react";
import { markPassage } from "../lib/mark-passage.ts";
import { sanitizeDocumentHtml } from "../lib/safe-document-html.ts";
import { cn } from "./ui/cn.ts";

/** Typography for extracted HTML: headings, lists, tables (sheets), quotes and code. */
const PROSE = cn(
  "max-w-none break-words text-[14px] text-foreground/90 leading-relaxed",
  "[&_h1]:mt-6 [&_h1]:mb-3 [&_h1]:font-semibold [&_h1]:text-xl [&_h1]:tracking-tight [&_h1]:text-foreground",
  "[&_h2]:mt-6 [&_h2]:mb-2.5 [&_h2]:font-semibold [&_h2]:text-lg [&_h2]:text-foreground",
  "[&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:font-semibold [&_h3]:text-base [&_h3]:text-foreground",
  "[&_h4,&_h5,&_h6]:mt-4 [&_h4,&_h5,&_h6]:mb-2 [&_h4,&_h5,&_h6]:font-semibold",
  "[&_p]:my-3 [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2",
  "[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1",
  "[&_blockquote]:my-4 [&_blockquote]:border-l-2 [&_blockquote]:border-primary/40 [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground",
  "[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[12.5px]",
  "[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0",
  "[&_hr]:my-6 [&_hr]:border-border [&_img]:my-4 [&_img]:max-w-full [&_img]:rounded-md",
  "[&_table]:my-4 [&_table]:w-full [&_table]:border-collapse [&_table]:text-[13px]",
  "[&_th]:border [&_th]:bg-muted/60 [&_th]:px-2.5 [&_th]:py-1.5 [&_th]:text-left [&_th]:font-medium",
  "[&_td]:border [&_td]:px-2.5 [&_td]:py-1.5 [&_td]:align-top [&_caption]:mb-2 [&_caption]:text-left [&_caption]:font-medium",
  "[&>*:first-child]:mt-0",
);

/**
 * A document's extracted content, sanitized again and set in readable type;
 * with a passage (a citation's quote), that passage is marked and scrolled
 * into view.
 */
export function DocumentContent({ html, passage }: { html: string; passage?: string }) {
  const safe = useMemo(() => sanitizeDocumentHtml(html), [html]);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = ref.current;
    if (!container || !passage || !safe) return;
    const mark = markPassage(container, passage);
    mark?.scrollIntoView({ block: "center" });
  }, [safe, passage]);
  return (
    <div className="overflow-x-auto">
      <div
        ref={ref}
        data-testid="document-content"
        className={PROSE}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above (and by the server before)
        dangerouslySetInnerHTML={{ __html: safe }}
      />
    </div>
  );
}
