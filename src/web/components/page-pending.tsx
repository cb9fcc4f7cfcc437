import { Skeleton } from "./ui/skeleton.tsx";

/** The default pending view of a route: a page header and two content blocks. */
export function PagePending() {
  return (
    <div
      role="status"
      aria-label="Loading"
      data-testid="page-pending"
      className="mx-auto w-full max-w-3xl px-6 py-10"
    >
      <Skeleton className="h-7 w-48" />
      <Skeleton className="mt-3 h-4 w-72" />
      <Skeleton className="mt-10 h-44 w-full rounded-xl" />
      <Skeleton className="mt-6 h-32 w-full rounded-xl" />
    </div>
  );
}
