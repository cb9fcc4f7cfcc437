import { Skeleton } from "../../../components/ui/skeleton.tsx";

const ROWS = ["a", "b", "c", "d", "e", "f", "g"];

/** /threads while loading: the header, the filter and a group of rows. */
export function ThreadsPending() {
  return (
    <div
      role="status"
      aria-label="Loading threads"
      className="mx-auto w-full max-w-3xl px-6 py-10"
      data-testid="threads-pending"
    >
      <Skeleton className="h-7 w-32" />
      <Skeleton className="mt-3 h-4 w-80" />
      <Skeleton className="mt-8 h-10 w-full" />
      <Skeleton className="mt-8 h-3 w-16" />
      <div className="mt-3 grid gap-3">
        {ROWS.map((key) => (
          <div key={key} className="flex items-center gap-3 px-3">
            <Skeleton className="size-8 rounded-lg" />
            <div className="grid flex-1 gap-1.5">
              <Skeleton className="h-3.5 w-3/5" />
              <Skeleton className="h-3 w-24" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
