import { useQuery } from "@tanstack/react-query";
import FileText from "lucide-react/icons/file-text";
import { PageHeader } from "../../../components/page-header.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { draftListOptions } from "../api/draft-queries.ts";
import type { DraftsSearch } from "../search.ts";
import { DraftList } from "./draft-list.tsx";
import { DraftPreview } from "./draft-preview.tsx";

interface DraftsPageProps {
  search: DraftsSearch;
  onSearchChange: (patch: Partial<DraftsSearch>, options?: { replace?: boolean }) => void;
}

/** /modules/drafts: the member's drafts on the left, the open one on the right (stacked on phones). */
export function DraftsPage({ search, onSearchChange }: DraftsPageProps) {
  usePageTitle("Drafts");
  const list = useQuery(draftListOptions(search));
  const open = search.id;
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col px-4 py-8 sm:px-6 md:py-10 lg:h-[calc(100dvh-1rem)]">
      <PageHeader title="Drafts" description="Manage and review your generated documents" />
      <div className="mt-6 grid min-h-0 flex-1 grid-cols-1 gap-4 lg:grid-cols-[minmax(300px,380px)_1fr]">
        <div className={cn("min-h-0 min-w-0", open && "hidden lg:block")}>
          <DraftList
            search={search}
            drafts={list.data}
            error={list.error}
            onRetry={() => void list.refetch()}
            onSearchChange={(patch) => onSearchChange(patch, { replace: true })}
            onSelect={(id) => onSearchChange({ id })}
          />
        </div>
        <section
          aria-label="Draft"
          className={cn(
            "min-h-[28rem] min-w-0 rounded-xl border bg-card/40 lg:min-h-0",
            !open && "hidden lg:block",
          )}
        >
          {open ? (
            <DraftPreview
              // Another draft opened starts afresh (no editor, no dialog).
              key={open}
              draftId={open}
              onBack={() => onSearchChange({ id: undefined })}
              onGone={() => onSearchChange({ id: undefined }, { replace: true })}
            />
          ) : (
            <div
              className="flex h-full min-h-[28rem] flex-col items-center justify-center px-6 text-center"
              data-testid="draft-none"
            >
              <span className="flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <FileText aria-hidden="true" className="size-5" />
              </span>
              <p className="mt-3 font-medium text-sm">Select a draft to review it</p>
              <p className="mt-1 max-w-xs text-muted-foreground text-sm">
                Read it, edit it, compare it with its previous version, then save it into the
                dossier.
              </p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
