import { SKELETON_COUNT } from "#shared/constants.ts";
import { Skeleton } from "../../../components/ui/skeleton.tsx";

/** SPEC 9: the drafts list while it loads, exactly five items. */
export function DraftListSkeleton() {
  return (
    <div role="status" aria-label="Loading drafts" className="flex flex-col gap-1 p-1.5">
      {Array.from({ length: SKELETON_COUNT.drafts }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <div key={i} data-testid="draft-skeleton-item" className="rounded-lg px-3 py-3">
          <div className="flex items-center justify-between gap-3">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-16 rounded-full" />
          </div>
          <Skeleton className="mt-2 h-3 w-1/3" />
          <Skeleton className="mt-2.5 h-3 w-full" />
          <Skeleton className="mt-1.5 h-3 w-4/5" />
        </div>
      ))}
    </div>
  );
}

/** The route's pending view: header, the list's skeleton, an empty preview. */
export function DraftsPending() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 md:py-10">
      <Skeleton className="h-7 w-32" />
      <Skeleton className="mt-2.5 h-4 w-80 max-w-full" />
      <div className="mt-6 grid gap-4 lg:grid-cols-[minmax(300px,380px)_1fr]">
        <div className="rounded-xl border bg-card/40">
          <div className="border-b p-3">
            <Skeleton className="h-9 w-full" />
          </div>
          <DraftListSkeleton />
        </div>
        <div className="hidden min-h-[28rem] rounded-xl border bg-card/40 lg:block" />
      </div>
    </div>
  );
}
