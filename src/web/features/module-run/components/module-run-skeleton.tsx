import { Skeleton } from "../../../components/ui/skeleton.tsx";

/** /modules/{slug} and /modules/{slug}/{id} while loading. */
export function ModuleRunSkeleton() {
  return (
    <div
      className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 md:py-12"
      data-testid="module-run-skeleton"
    >
      <Skeleton className="h-4 w-24" />
      <Skeleton className="mt-4 h-8 w-72" />
      <Skeleton className="mt-3 h-4 w-full max-w-xl" />
      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid gap-5 rounded-xl border p-6">
          {["a", "b", "c"].map((k) => (
            <div key={k} className="grid gap-2">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-9 w-full" />
            </div>
          ))}
          <Skeleton className="h-9 w-24" />
        </div>
        <Skeleton className="h-48 w-full rounded-xl" />
      </div>
    </div>
  );
}
