import { SKELETON_COUNT } from "#shared/constants.ts";
import { cn } from "../../../components/ui/cn.ts";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { useDossierViewStore } from "../hooks/view-store.ts";
import { GRID_CLASS, TABLE_COLUMNS } from "./layout.ts";
import { CardSkeleton } from "./skeleton-parts.tsx";

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

/** The grid while its first page loads (12 cards, SPEC 9; 15 on the dossier's first load). */
export function GridSkeleton({ count = SKELETON_COUNT.grid }: { count?: number }) {
  return (
    <div className={GRID_CLASS} role="status" aria-label="Loading documents">
      {range(count).map((key) => (
        <CardSkeleton key={key} />
      ))}
    </div>
  );
}

/** The list's rows while documents load: 25 (SPEC 9). */
export function ListSkeleton({ count = SKELETON_COUNT.table }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading documents" className="-mx-6 border-t">
      {range(count).map((key) => (
        <div
          key={key}
          data-testid="document-row-skeleton"
          className={cn(TABLE_COLUMNS, "h-[52px] items-center border-b px-4")}
        >
          <Skeleton className="size-8 rounded-md" />
          <Skeleton className="h-4 w-3/5" />
          <Skeleton className="h-4 w-16" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-4 w-12" />
          <span />
        </div>
      ))}
    </div>
  );
}

/** A folder while it loads: its header, then the grid's 12 cards or the list's 25 rows. */
export function FolderPending() {
  const view = useDossierViewStore((s) => s.view);
  return (
    <div data-testid="folder-pending" className="min-h-0 flex-1 overflow-hidden">
      <div className="border-b px-6 pt-5 pb-4">
        <Skeleton className="h-3.5 w-40" />
        <Skeleton className="mt-4 h-7 w-56" />
        <Skeleton className="mt-2 h-4 w-32" />
        <Skeleton className="mt-5 h-8 w-full max-w-md" />
      </div>
      <div className="px-6 pt-5">{view === "list" ? <ListSkeleton /> : <GridSkeleton />}</div>
    </div>
  );
}

/** /dossier while it first loads: a sidebar of 8 folders and 15 documents (SPEC 2). */
export function DossierPending() {
  return (
    <div
      role="status"
      aria-label="Loading the dossier"
      data-testid="dossier-pending"
      className="flex h-dvh min-h-0 md:h-[calc(100dvh-1rem)]"
    >
      <div className="hidden w-64 shrink-0 border-r p-3 lg:block">
        <Skeleton className="h-5 w-24" />
        <div className="mt-5 grid gap-2.5">
          {range(SKELETON_COUNT.dossierFolders).map((key) => (
            <div key={key} data-testid="folder-skeleton" className="flex items-center gap-2 pl-2">
              <Skeleton className="size-4 rounded" />
              <Skeleton className="h-3.5" style={{ width: `${55 + ((key * 37) % 35)}%` }} />
            </div>
          ))}
        </div>
      </div>
      <div className="min-w-0 flex-1 px-6 py-5">
        <Skeleton className="h-3.5 w-40" />
        <Skeleton className="mt-3 h-7 w-56" />
        <Skeleton className="mt-6 h-9 w-full max-w-md" />
        <div className="mt-6">
          <GridSkeleton count={SKELETON_COUNT.dossierDocuments} />
        </div>
      </div>
    </div>
  );
}
