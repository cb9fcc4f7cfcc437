import type { CaseResult } from "./live-scenario.ts";
import type { ProfileSummary } from "./profile.ts";
import { ms, table } from "./stats.ts";

/** Console tables for live-latency results. */

export const TARGET_P99_MS = 50;
export const TARGET_SOCKETS = 1000;

export const passes = (r: Pick<CaseResult, "perSocket" | "missingPushes">) =>
  r.perSocket.p99 < TARGET_P99_MS && r.missingPushes === 0;

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

export function latencyTable(results: CaseResult[]): string {
  const headers = [
    "scenario",
    "sockets",
    "samples",
    "p50",
    "p99",
    "max",
    "last p50",
    "last p99",
    "result p50",
    "srv CPU/chg",
    "cli CPU/chg",
    "busy",
    "load",
    "unexp",
    "miss",
    `p99<${TARGET_P99_MS}`,
  ];
  const rows = results.map((r) => [
    r.scenario,
    String(r.sockets),
    String(r.perSocket.count),
    ms(r.perSocket.p50),
    ms(r.perSocket.p99),
    ms(r.perSocket.max),
    ms(r.lastSocket.p50),
    ms(r.lastSocket.p99),
    ms(r.mutationResult.p50),
    ms(r.cpuPerIteration.serverMs),
    ms(r.cpuPerIteration.clientMs),
    `${Math.round(r.cpuPerIteration.machineBusy * 100)}%`,
    r.loadAverage.map((l) => l.toFixed(1)).join("/"),
    String(r.unexpectedPushes + r.extraPushes),
    String(r.missingPushes),
    r.sockets === TARGET_SOCKETS ? (passes(r) ? "PASS" : "FAIL") : passes(r) ? "ok" : "over",
  ]);
  return table(headers, rows);
}

export function dbStatsTable(results: CaseResult[]): string | undefined {
  const withStats = results.filter((r) => r.dbPerIteration);
  if (withStats.length === 0) return undefined;
  return table(
    ["scenario", "sockets", "db transactions/chg", "sessions scans/chg", "users scans/chg"],
    withStats.map((r) => [
      r.scenario,
      String(r.sockets),
      r.dbPerIteration!.transactions.toFixed(1),
      r.dbPerIteration!.sessionScans.toFixed(1),
      r.dbPerIteration!.userScans.toFixed(1),
    ]),
  );
}

export function profileReport(label: string, summary: ProfileSummary): string {
  const busy = summary.sampledMs - summary.idleMs;
  return [
    `Server CPU profile, ${label} (measured iterations only: ${ms(busy)} ms busy of ${ms(summary.sampledMs)} ms sampled)`,
    table(
      ["self time by category", "ms", "share"],
      summary.byCategory.slice(0, 10).map((c) => [c.frame, ms(c.ms), percent(c.share)]),
    ),
    table(
      ["top functions by self time", "ms", "of busy"],
      summary.topSelf.slice(0, 12).map((c) => [c.frame, ms(c.ms), percent(c.share)]),
    ),
  ].join("\n");
}
