import { Skeleton } from "../../../components/ui/skeleton.tsx";

/** An account page while it loads (inside the account layout): three section cards. */
export function AccountPending() {
  return (
    <div role="status" aria-label="Loading your account" className="max-w-3xl">
      <div className="grid gap-6">
        {[0, 1, 2].map((card) => (
          <div key={card} className="rounded-xl border bg-card p-6">
            <Skeleton className="h-5 w-28" />
            <Skeleton className="mt-2 h-4 w-64" />
            <div className="mt-6 grid gap-4 sm:grid-cols-2">
              <Skeleton className="h-9" />
              <Skeleton className="h-9" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
