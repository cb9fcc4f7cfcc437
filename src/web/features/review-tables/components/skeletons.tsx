import { Skeleton } from "../../../components/ui/skeleton.tsx";

const LIST_ROWS = 5;

/** The list of tables while it loads. */
export function TableListSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading review tables"
      className="overflow-hidden rounded-xl border"
    >
      {Array.from({ length: LIST_ROWS }, (_, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          key={i}
          data-testid="table-list-skeleton"
          className="grid grid-cols-[1fr_auto] items-center gap-4 border-b px-4 py-3.5 last:border-b-0 md:grid-cols-[minmax(0,2fr)_1fr_7rem_10rem_7rem_2rem]"
        >
          <Skeleton className="h-4 w-3/5" />
          <Skeleton className="hidden h-3.5 w-24 md:block" />
          <Skeleton className="hidden h-3.5 w-16 md:block" />
          <Skeleton className="hidden h-2 w-full md:block" />
          <Skeleton className="h-3.5 w-20" />
          <span />
        </div>
      ))}
    </div>
  );
}

/** A table while it loads: its header, then a grid of placeholder cells. */
export function TablePending() {
  return (
    <div
      role="status"
      aria-label="Loading the table"
      className="flex h-[calc(100dvh-1rem)] min-h-[32rem] w-full min-w-0 flex-col gap-4 px-4 py-5 sm:px-6"
    >
      <div className="flex items-center justify-between gap-4">
        <div className="grid gap-2">
          <Skeleton className="h-3.5 w-24" />
          <Skeleton className="h-7 w-72 max-w-full" />
        </div>
        <div className="flex gap-2">
          <Skeleton className="h-8 w-32" />
          <Skeleton className="h-8 w-28" />
          <Skeleton className="h-8 w-20" />
        </div>
      </div>
      <Skeleton className="h-1.5 w-full rounded-full" />
      <div className="min-h-0 flex-1 overflow-hidden rounded-lg border">
        {Array.from({ length: 12 }, (_, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
            key={i}
            data-testid="table-grid-skeleton"
            className="grid h-10 grid-cols-[280px_repeat(4,232px)] items-center gap-0 border-b"
          >
            {Array.from({ length: 5 }, (_, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
              <div key={j} className="px-3">
                <Skeleton className={j === 0 ? "h-3.5 w-4/5" : "h-3 w-3/5"} />
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
