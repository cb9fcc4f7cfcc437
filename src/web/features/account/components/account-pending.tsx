import { Skeleton } from "../../../components/ui/skeleton.tsx";

/** /account while the current user loads: the header and three section cards. */
export function AccountPending() {
  return (
    <div
      role="status"
      aria-label="Loading your account"
      className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 md:py-12"
    >
      <Skeleton className="h-7 w-32" />
      <Skeleton className="mt-3 h-4 w-72" />
      <div className="mt-8 grid gap-6">
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
