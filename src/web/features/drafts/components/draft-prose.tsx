import { useMemo } from "react";
import { cn } from "../../../components/ui/cn.ts";
import { safeDraftHtml } from "../lib/draft-html.ts";

/** Draft typography, shared by the preview and the editor so editing looks like reading. */
export const DRAFT_PROSE = cn(
  "max-w-none break-words text-[14.5px] text-foreground/90 leading-[1.7]",
  "[&_h1]:mt-7 [&_h1]:mb-3 [&_h1]:font-semibold [&_h1]:text-[1.35rem] [&_h1]:tracking-tight [&_h1]:text-foreground",
  "[&_h2]:mt-6 [&_h2]:mb-2.5 [&_h2]:font-semibold [&_h2]:text-lg [&_h2]:text-foreground",
  "[&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:font-semibold [&_h3]:text-base [&_h3]:text-foreground",
  "[&_h4]:mt-4 [&_h4]:mb-2 [&_h4]:font-semibold",
  "[&_p]:my-3 [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2",
  "[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1 [&_li>p]:my-0.5",
  "[&_blockquote]:my-4 [&_blockquote]:border-l-2 [&_blockquote]:border-primary/40 [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground",
  "[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[12.5px]",
  "[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0",
  "[&_hr]:my-6 [&_hr]:border-border [&_sup]:text-primary [&_sup]:font-medium",
  "[&_table]:my-4 [&_table]:w-full [&_table]:border-collapse [&_table]:text-[13px]",
  "[&_th]:border [&_th]:bg-muted/60 [&_th]:px-2.5 [&_th]:py-1.5 [&_th]:text-left [&_th]:font-medium [&_th_p]:my-0",
  "[&_td]:border [&_td]:px-2.5 [&_td]:py-1.5 [&_td]:align-top [&_td_p]:my-0",
  "[&>*:first-child]:mt-0",
);

/** A draft's content, sanitized again and set in readable type. */
export function DraftProse({ html, className }: { html: string; className?: string }) {
  const safe = useMemo(() => safeDraftHtml(html), [html]);
  return (
    <div
      data-testid="draft-content"
      className={cn(DRAFT_PROSE, className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above (and by the server before)
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
