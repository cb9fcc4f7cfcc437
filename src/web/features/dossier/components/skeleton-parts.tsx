import { SKELETON_COUNT } from "#shared/constants.ts";
import { Skeleton } from "../../../components/ui/skeleton.tsx";

/*
 * Skeleton pieces the dossier's components draw themselves (a row of cards not drawn yet, the
 * folder tree before the folders arrive), apart from the pending views in skeletons.tsx so the
 * components' chunks do not pull the view store and the layouts with them.
 */

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

/** One card of the grid while documents load. */
export function CardSkeleton() {
  return (
    <div data-testid="document-card-skeleton" className="overflow-hidden rounded-xl border bg-card">
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="grid gap-2 p-3">
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="h-3 w-1/2" />
      </div>
    </div>
  );
}

/** The folder tree while the folders load: 8 rows (SPEC 2). */
export function FolderTreeSkeleton() {
  return (
    <div role="status" aria-label="Loading the folders" className="grid gap-2.5 pt-1.5">
      {range(SKELETON_COUNT.dossierFolders).map((key) => (
        <div key={key} data-testid="folder-skeleton" className="flex items-center gap-2 pl-2">
          <Skeleton className="size-4 rounded" />
          <Skeleton className="h-3.5" style={{ width: `${55 + ((key * 37) % 35)}%` }} />
        </div>
      ))}
    </div>
  );
}
