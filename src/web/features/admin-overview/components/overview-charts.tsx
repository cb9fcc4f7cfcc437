import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { AdminStats } from "#shared/schemas/admin-stats.ts";
import { formatBytes, formatCount, formatDay, formatNumber } from "../../../lib/format-figures.ts";
import { CHART_COLORS, hasData, modelSeries, tokenRows } from "../lib/chart-data.ts";
import { type AdminListPath, ChartCard } from "./chart-card.tsx";

/**
 * The overview's charts (recharts): loaded on their own, after the figures, so recharts
 * weighs only on /admin. Colours, axes, grid and tooltips come from the theme's variables,
 * so both themes read well.
 */

const HEIGHT = 220;
const axis = {
  stroke: "var(--border)",
  tick: { fill: "var(--muted-foreground)", fontSize: 11 },
  tickLine: false,
} as const;
const grid = (
  <CartesianGrid key="grid" stroke="var(--border)" strokeDasharray="3 4" vertical={false} />
);
const tooltipProps = {
  contentStyle: {
    background: "var(--popover)",
    border: "1px solid var(--border)",
    borderRadius: 8,
    color: "var(--popover-foreground)",
    fontSize: 12,
    boxShadow: "0 8px 24px rgb(0 0 0 / 0.18)",
  },
  labelStyle: { color: "var(--muted-foreground)", marginBottom: 4 },
  itemStyle: { color: "var(--popover-foreground)", padding: 0 },
  cursor: { fill: "var(--accent)", opacity: 0.6 },
  labelFormatter: (label: unknown) => formatDay(String(label)),
} as const;
const legendProps = {
  iconType: "circle" as const,
  iconSize: 8,
  wrapperStyle: { fontSize: 12, color: "var(--muted-foreground)", paddingTop: 8 },
};

/** One line or bar series of a chart. */
interface Series {
  key: string;
  name: string;
  color: string;
  /** Bars with the same stack pile up (only the top one gets rounded corners). */
  stack?: string;
}

/** One chart of the overview: its card (title, link, empty state) and its daily series. */
interface DailyChartProps {
  title: string;
  description: string;
  link: { to: AdminListPath; label: string };
  empty: boolean;
  testId: string;
  /** An area (one series, filled below its line) or bars (side by side or stacked). */
  kind: "area" | "bar";
  data: ReadonlyArray<{ day: string }> | Array<Record<string, number | string>>;
  days: number;
  series: Series[];
  /** Counts (whole numbers) or bytes, on the axis and in the tooltip. */
  unit?: "count" | "bytes";
  legend?: boolean;
}

const numberValue = (value: unknown) => formatNumber(Number(value));
const bytesValue = (value: unknown) => formatBytes(Number(value));
const MARGIN = { top: 8, right: 8, left: 0, bottom: 0 };
const ROUNDED: [number, number, number, number] = [3, 3, 0, 0];

/** The one frame every overview chart shares: card, grid, axes by day, tooltip, legend. */
function DailyChart({
  kind,
  data,
  days,
  series,
  unit = "count",
  legend,
  ...card
}: DailyChartProps) {
  const bytes = unit === "bytes";
  const fillId = `overview-${card.testId}-fill`;
  const frame = [
    grid,
    <XAxis
      key="x"
      dataKey="day"
      {...axis}
      tickFormatter={formatDay}
      minTickGap={days > 30 ? 24 : 12}
      interval="preserveStartEnd"
    />,
    <YAxis
      key="y"
      {...axis}
      axisLine={false}
      width={bytes ? 56 : 44}
      allowDecimals={bytes}
      tickFormatter={bytes ? formatBytes : formatCount}
    />,
    <Tooltip key="tooltip" {...tooltipProps} formatter={bytes ? bytesValue : numberValue} />,
    legend ? <Legend key="legend" {...legendProps} /> : null,
  ];
  const stacked = series.filter((one) => one.stack);
  return (
    <ChartCard {...card}>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        {kind === "area" ? (
          <AreaChart data={[...data]} margin={MARGIN}>
            <defs>
              {series.map((one) => (
                <linearGradient
                  key={one.key}
                  id={`${fillId}-${one.key}`}
                  x1="0"
                  y1="0"
                  x2="0"
                  y2="1"
                >
                  <stop offset="0%" stopColor={one.color} stopOpacity={0.35} />
                  <stop offset="100%" stopColor={one.color} stopOpacity={0.02} />
                </linearGradient>
              ))}
            </defs>
            {frame}
            {series.map((one) => (
              <Area
                isAnimationActive={false}
                key={one.key}
                type="monotone"
                dataKey={one.key}
                name={one.name}
                stroke={one.color}
                strokeWidth={2}
                fill={`url(#${fillId}-${one.key})`}
              />
            ))}
          </AreaChart>
        ) : (
          <BarChart data={[...data]} margin={MARGIN}>
            {frame}
            {series.map((one) => (
              <Bar
                isAnimationActive={false}
                key={one.key}
                dataKey={one.key}
                name={one.name}
                stackId={one.stack}
                fill={one.color}
                radius={!one.stack || one === stacked.at(-1) ? ROUNDED : undefined}
              />
            ))}
          </BarChart>
        )}
      </ResponsiveContainer>
    </ChartCard>
  );
}

export default function OverviewCharts({ stats }: { stats: AdminStats }) {
  const range = `the last ${stats.days} days`;
  const daily = { data: stats.series, days: stats.days };
  const chats = { to: "/admin/chat", label: "Chats" } as const;
  const dossiers = { to: "/admin/dossier", label: "Dossiers" } as const;
  return (
    <>
      <DailyChart
        title="Active users"
        description={`People who signed in or used the app, per day, over ${range}`}
        link={{ to: "/admin/users", label: "Users" }}
        empty={!hasData(stats, (p) => p.activeUsers)}
        testId="chart-active-users"
        kind="area"
        {...daily}
        series={[{ key: "activeUsers", name: "Active users", color: CHART_COLORS[0]! }]}
      />
      <DailyChart
        title="Chats"
        description={`New threads and messages per day, over ${range}`}
        link={chats}
        empty={!hasData(stats, (p) => p.messages + p.threads)}
        testId="chart-chats"
        kind="bar"
        {...daily}
        legend
        series={[
          { key: "messages", name: "Messages", color: CHART_COLORS[0]! },
          { key: "threads", name: "Threads", color: CHART_COLORS[1]! },
        ]}
      />
      <DailyChart
        title="Tokens by model"
        description={`Tokens the models used per day, over ${range}`}
        link={chats}
        empty={modelSeries(stats).length === 0}
        testId="chart-tokens"
        kind="bar"
        data={tokenRows(stats)}
        days={stats.days}
        legend
        series={modelSeries(stats).map((m) => ({
          key: m.key,
          name: m.label,
          color: m.color,
          stack: "tokens",
        }))}
      />
      <DailyChart
        title="Documents"
        description={`Documents added and processing failures per day, over ${range}`}
        link={dossiers}
        empty={!hasData(stats, (p) => p.documents + p.failures)}
        testId="chart-documents"
        kind="bar"
        {...daily}
        legend
        series={[
          { key: "documents", name: "Added", color: CHART_COLORS[1]! },
          { key: "failures", name: "Failed processing", color: "var(--destructive)" },
        ]}
      />
      <DailyChart
        title="Storage added"
        description={`Bytes of documents uploaded per day, over ${range}`}
        link={dossiers}
        empty={!hasData(stats, (p) => p.bytes)}
        testId="chart-storage"
        kind="area"
        {...daily}
        unit="bytes"
        series={[{ key: "bytes", name: "Added", color: CHART_COLORS[4]! }]}
      />
      <DailyChart
        title="New organizations"
        description={`Organizations created per day, over ${range}`}
        link={{ to: "/admin/organizations", label: "Organizations" }}
        empty={!hasData(stats, (p) => p.newOrganizations)}
        testId="chart-organizations"
        kind="bar"
        {...daily}
        series={[{ key: "newOrganizations", name: "New organizations", color: CHART_COLORS[2]! }]}
      />
    </>
  );
}
