import type { Usage } from "#shared/schemas/organization.ts";
import { formatCount } from "../../../lib/format-figures.ts";
import { monthLabel } from "../lib/format.ts";

/** Colours of the models, in order of their share of tokens. */
const COLORS = ["#6366f1", "#22c55e", "#f59e0b", "#ec4899", "#06b6d4", "#a3a3a3"];

export function modelColors(usage: Usage): Map<string, string> {
  const totals = new Map<string, number>();
  for (const month of usage.months) {
    for (const m of month.models) totals.set(m.modelId, (totals.get(m.modelId) ?? 0) + m.tokens);
  }
  const ordered = [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  return new Map(ordered.map((id, i) => [id, COLORS[Math.min(i, COLORS.length - 1)]!]));
}

const WIDTH = 560;
const HEIGHT = 180;
const AXIS = 22;

/** Tokens per month, one stacked bar per month, one colour per model (plain SVG). */
export function UsageChart({ usage }: { usage: Usage }) {
  const colors = modelColors(usage);
  const totals = usage.months.map((m) => m.models.reduce((sum, x) => sum + x.tokens, 0));
  const max = Math.max(1, ...totals);
  const slot = WIDTH / usage.months.length;
  const barWidth = Math.min(48, slot * 0.55);
  const plotHeight = HEIGHT - AXIS;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label="Tokens per month, by model"
      className="h-auto w-full"
      data-testid="usage-chart"
    >
      {[0.25, 0.5, 0.75, 1].map((f) => (
        <line
          key={f}
          x1={0}
          x2={WIDTH}
          y1={plotHeight - f * (plotHeight - 12)}
          y2={plotHeight - f * (plotHeight - 12)}
          stroke="currentColor"
          className="text-border"
          strokeDasharray="3 4"
        />
      ))}
      {usage.months.map((month, i) => {
        const x = i * slot + (slot - barWidth) / 2;
        let y = plotHeight;
        return (
          <g key={month.month}>
            <title>{`${monthLabel(month.month)}: ${formatCount(totals[i] ?? 0)} tokens`}</title>
            {[...month.models].reverse().map((m) => {
              const h = (m.tokens / max) * (plotHeight - 12);
              y -= h;
              return (
                <rect
                  key={m.modelId}
                  x={x}
                  y={y}
                  width={barWidth}
                  height={Math.max(h, 0)}
                  rx={3}
                  fill={colors.get(m.modelId)}
                />
              );
            })}
            {totals[i] === 0 ? (
              <rect
                x={x}
                y={plotHeight - 2}
                width={barWidth}
                height={2}
                rx={1}
                fill="currentColor"
                className="text-border"
              />
            ) : (
              <text
                x={x + barWidth / 2}
                y={y - 4}
                textAnchor="middle"
                className="fill-muted-foreground text-[10px]"
              >
                {formatCount(totals[i] ?? 0)}
              </text>
            )}
            <text
              x={x + barWidth / 2}
              y={HEIGHT - 6}
              textAnchor="middle"
              className="fill-muted-foreground text-[11px]"
            >
              {monthLabel(month.month)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
