import { createFileRoute } from "@tanstack/react-router";
import type { StatsRange } from "#shared/schemas/admin-stats.ts";
import {
  overviewSearchSchema,
  preloadAdminStats,
} from "../../../features/admin-overview/api/admin-stats-queries.ts";
import { AdminOverviewPage } from "../../../features/admin-overview/components/admin-overview-page.tsx";
import { OverviewPending } from "../../../features/admin-overview/components/overview-pending.tsx";

/** /admin (SPEC 2): the installation at a glance; ?days=7|30|90 (decision 026). */
export const Route = createFileRoute("/_authed/admin/")({
  validateSearch: overviewSearchSchema,
  loaderDeps: ({ search }) => ({ days: search.days }),
  loader: ({ context, deps }) => preloadAdminStats(context.queryClient, deps.days),
  pendingComponent: OverviewPending,
  component: OverviewRoute,
});

function OverviewRoute() {
  const { days } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onDaysChange = (next: StatsRange) =>
    void navigate({ search: { days: next }, replace: true });
  return <AdminOverviewPage days={days} onDaysChange={onDaysChange} />;
}
