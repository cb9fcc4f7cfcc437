import { Skeleton } from "../../../components/ui/skeleton.tsx";

/** /workflows/{slug} while it loads (its own file: the route's pending view stays out of the first page). */
export function WorkflowSkeleton() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 md:py-12">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="mt-6 h-8 w-72" />
      <Skeleton className="mt-3 h-4 w-96" />
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Skeleton className="h-72 rounded-xl" />
        <Skeleton className="h-40 rounded-xl" />
      </div>
    </div>
  );
}
