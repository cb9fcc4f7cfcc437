import { useQuery } from "@tanstack/react-query";
import DOMPurify from "dompurify";
import FileText from "lucide-react/icons/file-text";
import { useMemo } from "react";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { executionDraftOptions } from "../api/module-run-queries.ts";
import { DraftLink } from "./draft-link.tsx";

/**
 * The draft a built-in run writes, growing as the model streams it. The
 * server sanitized it; it is sanitized again here before it is shown.
 */
export function DraftPreview({ executionId, running }: { executionId: string; running: boolean }) {
  const draft = useQuery(executionDraftOptions(executionId));
  const html = useMemo(
    () =>
      draft.data ? DOMPurify.sanitize(draft.data.content, { FORBID_TAGS: ["img", "style"] }) : "",
    [draft.data],
  );
  if (!draft.data && !running) return null;
  return (
    <section aria-labelledby="draft-preview" className="rounded-xl border bg-card">
      <header className="flex items-center gap-2 border-b px-5 py-3">
        <FileText aria-hidden="true" className="size-4 text-muted-foreground" />
        <h2 id="draft-preview" className="font-medium text-sm">
          {draft.data?.title ?? "Draft"}
        </h2>
        {draft.data?.status === "pending" ? (
          <span className="ml-auto inline-flex items-center gap-1.5 text-primary text-xs">
            <span className="size-1.5 animate-pulse rounded-full bg-primary" />
            Writing…
          </span>
        ) : draft.data ? (
          <DraftLink
            draftId={draft.data.draftId}
            className="ml-auto text-primary text-xs hover:underline"
          >
            Open in Drafts
          </DraftLink>
        ) : null}
      </header>
      <div className="px-5 py-4">
        {html ? (
          <div
            data-testid="draft-preview"
            className="prose-draft max-w-none text-sm leading-relaxed [&_h1]:mb-2 [&_h1]:font-semibold [&_h1]:text-lg [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:font-semibold [&_h2]:text-base [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5 [&_li]:my-0.5 [&_p]:my-2 [&_table]:my-3 [&_table]:w-full [&_td]:border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:px-2 [&_th]:py-1 [&_th]:text-left"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server and again above
            dangerouslySetInnerHTML={{ __html: html }}
          />
        ) : (
          <div className="grid gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
          </div>
        )}
      </div>
    </section>
  );
}
