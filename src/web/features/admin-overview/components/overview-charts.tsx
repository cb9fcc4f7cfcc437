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
import { ChartCard } from "./chart-card.tsx";

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
const grid = <CartesianGrid stroke="var(--border)" strokeDasharray="3 4" vertical={false} />;
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

function xAxis(days: number) {
  return (
    <XAxis
      dataKey="day"
      {...axis}
      tickFormatter={formatDay}
      minTickGap={days > 30 ? 24 : 12}
      interval="preserveStartEnd"
    />
  );
}

function yAxis(format: (n: number) => string = formatCount) {
  return (
    <YAxis {...axis} axisLine={false} width={44} allowDecimals={false} tickFormatter={format} />
  );
}

const numberValue = (value: unknown) => formatNumber(Number(value));

export default function OverviewCharts({ stats }: { stats: AdminStats }) {
  const range = `the last ${stats.days} days`;
  const models = modelSeries(stats);
  return (
    <>
      <ChartCard
        title="Active users"
        description={`People who signed in or used the app, per day, over ${range}`}
        link={{ to: "/admin/users", label: "Users" }}
        empty={!hasData(stats, (p) => p.activeUsers)}
        testId="chart-active-users"
      >
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <AreaChart data={stats.series} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
            <defs>
              <linearGradient id="overview-active-fill" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={CHART_COLORS[0]} stopOpacity={0.35} />
                <stop offset="100%" stopColor={CHART_COLORS[0]} stopOpacity={0.02} />
              </linearGradient>
            </defs>
            {grid}
            {xAxis(stats.days)}
            {yAxis()}
            <Tooltip {...tooltipProps} formatter={numberValue} />
            <Area
              isAnimationActive={false}
              type="monotone"
              dataKey="activeUsers"
              name="Active users"
              stroke={CHART_COLORS[0]}
              strokeWidth={2}
              fill="url(#overview-active-fill)"
            />
          </AreaChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title="Chats"
        description={`New threads and messages per day, over ${range}`}
        link={{ to: "/admin/chat", label: "Chats" }}
        empty={!hasData(stats, (p) => p.messages + p.threads)}
        testId="chart-chats"
      >
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={stats.series} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
            {grid}
            {xAxis(stats.days)}
            {yAxis()}
            <Tooltip {...tooltipProps} formatter={numberValue} />
            <Legend {...legendProps} />
            <Bar
              isAnimationActive={false}
              dataKey="messages"
              name="Messages"
              fill={CHART_COLORS[0]}
              radius={[3, 3, 0, 0]}
            />
            <Bar
              isAnimationActive={false}
              dataKey="threads"
              name="Threads"
              fill={CHART_COLORS[1]}
              radius={[3, 3, 0, 0]}
            />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title="Tokens by model"
        description={`Tokens the models used per day, over ${range}`}
        link={{ to: "/admin/chat", label: "Chats" }}
        empty={models.length === 0}
        testId="chart-tokens"
      >
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={tokenRows(stats)} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
            {grid}
            {xAxis(stats.days)}
            {yAxis()}
            <Tooltip {...tooltipProps} formatter={numberValue} />
            <Legend {...legendProps} />
            {models.map((m, i) => (
              <Bar
                isAnimationActive={false}
                key={m.key}
                dataKey={m.key}
                name={m.label}
                stackId="tokens"
                fill={m.color}
                radius={i === models.length - 1 ? [3, 3, 0, 0] : undefined}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title="Documents"
        description={`Documents added and processing failures per day, over ${range}`}
        link={{ to: "/admin/dossier", label: "Dossiers" }}
        empty={!hasData(stats, (p) => p.documents + p.failures)}
        testId="chart-documents"
      >
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={stats.series} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
            {grid}
            {xAxis(stats.days)}
            {yAxis()}
            <Tooltip {...tooltipProps} formatter={numberValue} />
            <Legend {...legendProps} />
            <Bar
              isAnimationActive={false}
              dataKey="documents"
              name="Added"
              fill={CHART_COLORS[1]}
              radius={[3, 3, 0, 0]}
            />
            <Bar
              isAnimationActive={false}
              dataKey="failures"
              name="Failed processing"
              fill="var(--destructive)"
              radius={[3, 3, 0, 0]}
            />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title="Storage added"
        description={`Bytes of documents uploaded per day, over ${range}`}
        link={{ to: "/admin/dossier", label: "Dossiers" }}
        empty={!hasData(stats, (p) => p.bytes)}
        testId="chart-storage"
      >
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <AreaChart data={stats.series} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
            <defs>
              <linearGradient id="overview-storage-fill" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={CHART_COLORS[4]} stopOpacity={0.35} />
                <stop offset="100%" stopColor={CHART_COLORS[4]} stopOpacity={0.02} />
              </linearGradient>
            </defs>
            {grid}
            {xAxis(stats.days)}
            <YAxis {...axis} axisLine={false} width={56} tickFormatter={formatBytes} />
            <Tooltip {...tooltipProps} formatter={(value) => formatBytes(Number(value))} />
            <Area
              isAnimationActive={false}
              type="monotone"
              dataKey="bytes"
              name="Added"
              stroke={CHART_COLORS[4]}
              strokeWidth={2}
              fill="url(#overview-storage-fill)"
            />
          </AreaChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title="New organizations"
        description={`Organizations created per day, over ${range}`}
        link={{ to: "/admin/organizations", label: "Organizations" }}
        empty={!hasData(stats, (p) => p.newOrganizations)}
        testId="chart-organizations"
      >
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={stats.series} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
            {grid}
            {xAxis(stats.days)}
            {yAxis()}
            <Tooltip {...tooltipProps} formatter={numberValue} />
            <Bar
              isAnimationActive={false}
              dataKey="newOrganizations"
              name="New organizations"
              fill={CHART_COLORS[2]}
              radius={[3, 3, 0, 0]}
            />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
    </>
  );
}
