import { SKELETON_COUNT } from "#shared/constants.ts";
import { Skeleton } from "../../../components/ui/skeleton.tsx";

export const COLUMNS = ["Organization", "Slug", "Members", "Storage", "Last 30 days", "Status"];

/** Table rows while the list loads. */
export function OrganizationRowsPending({ rows = SKELETON_COUNT.table }: { rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <tr key={i} className="border-t">
          <td className="px-4 py-3">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="mt-1.5 h-3 w-24" />
          </td>
          <td className="px-3 py-3">
            <Skeleton className="h-4 w-24" />
          </td>
          <td className="px-3 py-3">
            <Skeleton className="h-4 w-16" />
          </td>
          <td className="px-3 py-3">
            <Skeleton className="h-4 w-16" />
          </td>
          <td className="px-3 py-3">
            <Skeleton className="h-4 w-32" />
          </td>
          <td className="px-3 py-3">
            <Skeleton className="h-5 w-16 rounded-full" />
          </td>
          <td className="px-3 py-3" />
        </tr>
      ))}
    </>
  );
}

/** /admin/organizations while it loads (the route's pendingComponent). */
export function OrganizationsPending() {
  return (
    <div
      role="status"
      aria-label="Loading organizations"
      className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 md:py-12"
      data-testid="admin-organizations-pending"
    >
      <div className="flex items-end justify-between gap-4">
        <div>
          <Skeleton className="h-7 w-44" />
          <Skeleton className="mt-2 h-4 w-80" />
        </div>
        <Skeleton className="h-9 w-40" />
      </div>
      <Skeleton className="mt-8 h-9 w-72" />
      <div className="mt-4 overflow-hidden rounded-xl border bg-card">
        <table className="w-full">
          <tbody>
            <OrganizationRowsPending rows={8} />
          </tbody>
        </table>
      </div>
    </div>
  );
}
