import { Skeleton } from "../../../components/ui/skeleton.tsx";

export const FIGURE_COUNT = 6;
export const CHART_COUNT = 6;

/** The chart cards while recharts loads. */
export function ChartsPending() {
  return (
    <>
      {Array.from({ length: CHART_COUNT }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="rounded-xl border bg-card p-5">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="mt-2 h-3 w-56" />
          <Skeleton className="mt-4 h-[220px] w-full" />
        </div>
      ))}
    </>
  );
}

/** /admin while its figures load. */
export function OverviewPending() {
  return (
    <div
      role="status"
      aria-label="Loading the overview"
      className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 md:py-12"
    >
      <Skeleton className="h-7 w-40" />
      <Skeleton className="mt-2 h-4 w-72" />
      <div className="mt-8 grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-6">
        {Array.from({ length: FIGURE_COUNT }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={i} className="rounded-xl border bg-card p-4">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="mt-3 h-7 w-16" />
            <Skeleton className="mt-2 h-3 w-24" />
          </div>
        ))}
      </div>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <ChartsPending />
      </div>
    </div>
  );
}
