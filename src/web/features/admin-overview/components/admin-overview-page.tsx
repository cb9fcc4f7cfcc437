import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import Building2 from "lucide-react/icons/building-complex";
import FileText from "lucide-react/icons/file-text";
import MessagesSquare from "lucide-react/icons/messages-square";
import ScrollText from "lucide-react/icons/scroll-text";
import Sparkles from "lucide-react/icons/sparkles";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import Users from "lucide-react/icons/users";
import { lazy, Suspense } from "react";
import type { AdminStats, StatsRange } from "#shared/schemas/admin-stats.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { SegmentedControl } from "../../../components/ui/segmented-control.tsx";
import { formatBytes, formatCount, formatDay, formatNumber } from "../../../lib/format-figures.ts";
import { adminStatsOptions } from "../api/admin-stats-queries.ts";
import { FigureCard } from "./figure-card.tsx";
import { ChartsPending, OverviewPending } from "./overview-pending.tsx";

// recharts is fetched with this chunk only, after the figures are on screen.
const OverviewCharts = lazy(() => import("./overview-charts.tsx"));

const RANGES = [
  { value: "7", label: "7 days", testId: "overview-range-7" },
  { value: "30", label: "30 days", testId: "overview-range-30" },
  { value: "90", label: "90 days", testId: "overview-range-90" },
] as const;

function Figures({ stats }: { stats: AdminStats }) {
  const range = `last ${stats.days} days`;
  return (
    <div className="mt-8 grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-6">
      <FigureCard
        label="Organizations"
        value={formatNumber(stats.organizations.total)}
        detail={`${stats.organizations.suspended} suspended · ${stats.organizations.new} new`}
        icon={Building2}
        to="/admin/organizations"
        testId="figure-organizations"
      />
      <FigureCard
        label="Active today"
        value={formatNumber(stats.users.activeToday)}
        detail={`${formatNumber(stats.users.total)} ${stats.users.total === 1 ? "account" : "accounts"}`}
        icon={Users}
        to="/admin/users"
        testId="figure-users"
      />
      <FigureCard
        label="Documents"
        value={formatCount(stats.documents.total)}
        detail={`${formatBytes(stats.documents.bytes)} stored`}
        icon={FileText}
        to="/admin/dossier"
        testId="figure-documents"
      />
      <FigureCard
        label="Messages"
        value={formatCount(stats.chats.messages)}
        detail={`${formatCount(stats.chats.threads)} threads, ${range}`}
        icon={MessagesSquare}
        to="/admin/chat"
        testId="figure-messages"
      />
      <FigureCard
        label="Tokens"
        value={formatCount(stats.chats.tokens)}
        detail={`${stats.models.length} ${stats.models.length === 1 ? "model" : "models"}, ${range}`}
        icon={Sparkles}
        to="/admin/chat"
        testId="figure-tokens"
      />
      <FigureCard
        label="Failed processing"
        value={formatNumber(stats.documents.failures)}
        detail={`of ${formatCount(stats.documents.added)} added, ${range}`}
        icon={TriangleAlert}
        tone={stats.documents.failures > 0 ? "warning" : "default"}
        to="/admin/dossier"
        testId="figure-failures"
      />
    </div>
  );
}

/** /admin: the installation at a glance, for superadmins (decision 026). */
export function AdminOverviewPage({
  days,
  onDaysChange,
}: {
  days: StatsRange;
  onDaysChange: (days: StatsRange) => void;
}) {
  const stats = useQuery({ ...adminStatsOptions(days), placeholderData: (previous) => previous });
  if (!stats.data && !stats.error) return <OverviewPending />;
  return (
    <div
      className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 md:py-12"
      data-testid="admin-overview"
    >
      <PageHeader
        title="Overview"
        description={
          stats.data
            ? `The whole installation, ${formatDay(stats.data.from)} – ${formatDay(stats.data.to)} (UTC)`
            : "The whole installation at a glance"
        }
        actions={
          <>
            <Button variant="ghost" size="sm" asChild>
              <Link to="/admin/audit" data-testid="overview-audit-link">
                <ScrollText aria-hidden="true" />
                Audit log
              </Link>
            </Button>
            <SegmentedControl
              label="Range"
              className="whitespace-nowrap"
              value={String(days) as "7" | "30" | "90"}
              options={RANGES}
              onValueChange={(value) => onDaysChange(Number(value) as StatsRange)}
            />
          </>
        }
      />
      {stats.error && !stats.data ? (
        <Alert variant="error" title="The overview could not be loaded" className="mt-8">
          <p>{stats.error.message}</p>
          <Button size="sm" variant="outline" className="mt-3" onClick={() => void stats.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : stats.data ? (
        <div aria-busy={stats.isPlaceholderData}>
          <Figures stats={stats.data} />
          <div className="mt-6 grid gap-4 lg:grid-cols-2">
            <Suspense fallback={<ChartsPending />}>
              <OverviewCharts stats={stats.data} />
            </Suspense>
          </div>
        </div>
      ) : null}
    </div>
  );
}
