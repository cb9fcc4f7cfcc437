import { Skeleton } from "../../../components/ui/skeleton.tsx";

/** /account/organization while it loads. */
export function OrganizationPending() {
  return (
    <div role="status" aria-label="Loading your organization" className="grid gap-6">
      <div className="rounded-xl border bg-card p-6">
        <Skeleton className="h-5 w-48" />
        <Skeleton className="mt-2 h-4 w-32" />
      </div>
      <div className="rounded-xl border bg-card p-6">
        <Skeleton className="h-5 w-28" />
        <div className="mt-6 grid gap-3">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-10" />
          ))}
        </div>
      </div>
    </div>
  );
}
