import os from "node:os";
import {
  histogramPercentile,
  STAGE_BUCKETS_MS,
  STAGES,
} from "../../src/server/realtime/live-stats.ts";
import { startFakeModel } from "./chat-streams.ts";
import type { DbKind } from "./prepare.ts";
import { startSoakCluster } from "./soak-cluster.ts";
import {
  PG_STATEMENTS_SETTINGS,
  type PgStatementsReport,
  PgStatementsProbe,
} from "./soak-pg-statements.ts";
import { runSoakLoad, type SoakLoadOptions, type SoakLoadResult } from "./soak-load.ts";
import { ms, table } from "./stats.ts";

/**
 * One soak run end to end: the loopback model in its own process, the servers (seeded), the
 * load, the read-back, and everything stopped again (also when the run throws).
 */

/** The load's shape as runSoakLoad takes it (soak-load.ts documents each), plus the cluster's. */
export interface SoakOptions
  extends Pick<
    SoakLoadOptions,
    | "durationMs"
    | "warmupMs"
    | "windowMs"
    | "sockets"
    | "rps"
    | "writeShare"
    | "chats"
    | "chatPauseMs"
    | "uploadsPerMinute"
    | "log"
  > {
  database: DbKind;
  instances: number;
  organizations: number;
  usersPerOrganization: number;
  documentsPerOrganization: number;
  /** Requests in flight at most (HTTP reads and writes); a request due beyond it is skipped. */
  maxInFlight?: number;
  databaseUrl?: string;
  dataDir?: string;
  /** PostgreSQL through its Unix socket rather than TCP (SoakClusterOptions.pgSocket). */
  pgSocket?: boolean;
  /** Run the servers under --cpu-prof into this directory (see soak-cluster.ts). */
  profileDir?: string;
  /**
   * PostgreSQL's statements (soak-pg-statements.ts): the throwaway server loads
   * pg_stat_statements, read at this interval over the load. Off when undefined.
   */
  pgStatementsEveryMs?: number;
}

export interface SoakRun {
  options: Omit<SoakOptions, "log" | "databaseUrl" | "dataDir" | "profileDir">;
  seedSeconds: number;
  result: SoakLoadResult;
  verdict: SoakVerdict;
  /** With pgStatementsEveryMs: what PostgreSQL spent its time on (by statement, by table). */
  pgStatements?: PgStatementsReport;
}

export interface SoakVerdict {
  errors: boolean;
  lostWrites: boolean;
  liveP99Under100ms: boolean;
  memoryFlat: boolean;
}

const MODEL = "soak-model";
export const LIVE_P99_TARGET_MS = 100;
export const MEMORY_GROWTH_LIMIT = 0.1;

/** "10m", "45s", "600" (seconds) or "1500ms" -> milliseconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!match) throw new Error(`not a duration: ${text} (e.g. 10m, 45s)`);
  const value = Number(match[1]);
  const unit = match[2] ?? "s";
  return value * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit]!;
}

export async function runSoak(options: SoakOptions): Promise<SoakRun> {
  const log = options.log ?? (() => undefined);
  const model = await startFakeModel();
  log(`loopback model up at ${model.baseUrl} (pid ${model.pid})`);
  try {
    const cluster = await startSoakCluster({
      database: options.database,
      instances: options.instances,
      organizations: options.organizations,
      usersPerOrganization: options.usersPerOrganization,
      documentsPerOrganization: options.documentsPerOrganization,
      databaseUrl: options.databaseUrl,
      dataDir: options.dataDir,
      profileDir: options.profileDir,
      pgSocket: options.pgSocket,
      postgresSettings:
        options.pgStatementsEveryMs !== undefined && !options.databaseUrl
          ? PG_STATEMENTS_SETTINGS
          : undefined,
      env: { OPENAI_COMPATIBLE_BASE_URL: model.baseUrl, OPENAI_COMPATIBLE_MODELS: MODEL },
      log,
    });
    const probe =
      options.pgStatementsEveryMs !== undefined && cluster.databaseUrl
        ? await PgStatementsProbe.open(cluster.databaseUrl, options.pgStatementsEveryMs)
        : undefined;
    let pgStatements: Promise<PgStatementsReport> | undefined;
    try {
      const load: SoakLoadOptions = {
        urls: cluster.urls,
        pids: cluster.pids,
        statsFiles: cluster.statsFiles,
        postmasterPid: cluster.postmasterPid,
        modelPid: model.pid,
        orgs: cluster.orgs,
        durationMs: options.durationMs,
        warmupMs: options.warmupMs,
        windowMs: options.windowMs,
        sockets: options.sockets,
        rps: options.rps,
        writeShare: options.writeShare,
        chats: options.chats,
        chatPauseMs: options.chatPauseMs,
        chatPrompt: "[slow:5]",
        uploadsPerMinute: options.uploadsPerMinute,
        rssEveryMs: 5000,
        liveTimeoutMs: 10_000,
        maxInFlight: options.maxInFlight ?? 200,
        onLoadStart: probe ? () => void probe.start() : undefined,
        onLoadStop: probe
          ? () => {
              pgStatements = probe.finish();
            }
          : undefined,
        log,
      };
      const result = await runSoakLoad(load);
      const { log: _log, databaseUrl: _url, dataDir: _dir, profileDir: _p, ...recorded } = options;
      return {
        options: recorded,
        seedSeconds: cluster.seedSeconds,
        result,
        verdict: verdictOf(result),
        ...(pgStatements ? { pgStatements: await pgStatements } : {}),
      };
    } finally {
      if (probe && !pgStatements) await probe.close();
      await cluster.close();
    }
  } finally {
    await model.close();
  }
}

export function verdictOf(result: SoakLoadResult): SoakVerdict {
  return {
    errors: result.errors.total === 0,
    lostWrites: result.readBack.lost === 0,
    liveP99Under100ms: result.live.worstWindowP99 < LIVE_P99_TARGET_MS,
    memoryFlat: result.memory.growth.every((g) => Number.isFinite(g) && g <= MEMORY_GROWTH_LIMIT),
  };
}

const mib = (v: number | undefined) =>
  v === undefined || !Number.isFinite(v) ? "-" : v.toFixed(0);

/** The summary and per-window tables printed at the end of a run. */
export function soakReport(run: SoakRun): string {
  const r = run.result;
  const o = run.options;
  const windows = table(
    [
      "window (s)",
      "requests",
      "errors",
      "read p99",
      "write p99",
      "live n",
      "live p50",
      "live p99",
      "chats",
      "TTFT p99",
      "uploads",
      "RSS MiB",
      "load",
      "client loop p99/max",
    ],
    r.windows.map((w) => [
      `${w.fromS.toFixed(0)}-${w.toS.toFixed(0)}${w.drain ? " (drain)" : ""}`,
      String(w.requests),
      String(w.errors),
      ms(w.reads.p99),
      ms(w.writes.p99),
      String(w.live.count),
      ms(w.live.p50),
      ms(w.live.p99),
      String(w.chats),
      ms(w.chatTtft.p99),
      String(w.uploadsCompleted),
      w.rssMiB.map(mib).join("/"),
      w.loadAverage.toFixed(1),
      `${ms(w.clientLoopP99 ?? Number.NaN)}/${ms(w.clientLoopMax ?? Number.NaN)}`,
    ]),
  );
  const yes = (ok: boolean) => (ok ? "met" : "MISSED");
  const summary = table(
    ["check", "figure", "target", "verdict"],
    [
      ["errors", String(r.errors.total), "0", yes(run.verdict.errors)],
      [
        "lost writes",
        `${r.readBack.lost} of ${r.readBack.checked} checked (${r.readBack.acknowledgedWrites} acknowledged, ${r.readBack.uncertain} unanswered)`,
        "0",
        yes(run.verdict.lostWrites),
      ],
      [
        "live update p99, worst window",
        `${ms(r.live.worstWindowP99)} ms (after warm-up ${ms(r.live.worstWindowAfterWarmupP99)}, overall ${ms(r.live.latency.p99)} ms, ${r.live.latency.count} pushes, ${r.live.missing} missing)`,
        `< ${LIVE_P99_TARGET_MS} ms`,
        yes(run.verdict.liveP99Under100ms),
      ],
      [
        "RSS end vs after warm-up",
        r.memory.growth
          .map(
            (g, i) =>
              `${mib(r.memory.afterWarmupMiB[i])} -> ${mib(r.memory.endMiB[i])} MiB (${(g * 100).toFixed(1)} %)`,
          )
          .join(", "),
        `<= ${MEMORY_GROWTH_LIMIT * 100} %`,
        yes(run.verdict.memoryFlat),
      ],
    ],
  );
  const lines = [
    `Soak: ${o.database}${o.pgSocket ? " (Unix socket)" : ""}, ${o.instances} instance(s), ${(r.elapsedMs / 1000).toFixed(0)} s, ` +
      `${r.sockets.opened} sockets, ${o.rps} req/s asked (${r.requests.achievedRps.toFixed(1)} sent, ` +
      `${r.requests.skipped} skipped at the in-flight cap), ${o.chats} chats at once, ` +
      `${o.uploadsPerMinute} uploads/min`,
    "",
    windows,
    "",
    `requests: ${r.requests.sent} (${r.requests.reads} reads p50 ${ms(r.requests.readLatency.p50)} / p99 ` +
      `${ms(r.requests.readLatency.p99)} ms, ${r.requests.writes} writes p50 ${ms(r.requests.writeLatency.p50)} / ` +
      `p99 ${ms(r.requests.writeLatency.p99)} ms)`,
    `chats: ${r.chats.count} (${r.chats.errors} errors), TTFT p50 ${ms(r.chats.ttft.p50)} / p99 ` +
      `${ms(r.chats.ttft.p99)} ms, whole answer p99 ${ms(r.chats.total.p99)} ms`,
    `uploads: ${r.uploads.count} sent, ${r.uploads.completed} completed, ${r.uploads.failed} failed, ` +
      `upload -> completed p50 ${ms(r.uploads.toCompletedMs.p50)} / p99 ${ms(r.uploads.toCompletedMs.p99)} ms`,
    `live: ${r.live.writesWatched} watched renames, ${r.live.pushes} pushes (${r.live.pushedBeforeAck} before ` +
      `the acknowledgement), p50 ${ms(r.live.latency.p50)} / p99 ${ms(r.live.latency.p99)} / max ${ms(r.live.latency.max)} ms`,
    `server CPU: ${r.serverCpuSeconds.map((s) => `${s.toFixed(0)} s`).join(", ")} over the run; ` +
      `load average ${r.loadAverage.map((l) => l.toFixed(1)).join(" -> ")}`,
    ...cpuAndHubLines(r),
    ...(r.clientLoop
      ? [
          `soak client's event loop (its timestamps are late by this): p50 ${f1(r.clientLoop.p50)}, ` +
            `p99 ${f1(r.clientLoop.p99)}, max ${f1(r.clientLoop.max)} ms`,
        ]
      : []),
    ...stageTable(r),
    "",
    summary,
  ];
  if (r.errors.examples.length)
    lines.push("", "first errors:", ...r.errors.examples.map((e) => `  ${e}`));
  if (r.readBack.examples.length)
    lines.push("", "lost writes:", ...r.readBack.examples.map((e) => `  ${e}`));
  return lines.join("\n");
}

const f1 = (v: number) => v.toFixed(1);
const f2 = (v: number) => v.toFixed(2);

/**
 * Where the machine's CPU went over the load, by process class, and what the live-query hubs
 * did: re-runs per second and per write, statements and time per re-run, bytes pushed.
 */
export function cpuAndHubLines(r: SoakRun["result"]): string[] {
  const seconds = r.elapsedMs / 1000;
  const perRequest = (s: number) => `${f2((s * 1000) / Math.max(1, r.requests.sent))} ms/request`;
  const c = r.cpu;
  const servers = c.servers.reduce((a, b) => a + b, 0);
  const lines = [
    `CPU over the load (s; ${f1(seconds)} s, ${os.cpus().length} cores = ${f1(seconds * os.cpus().length)} available): ` +
      `servers ${c.servers.map(f1).join(" + ")} (${perRequest(servers)}), ` +
      `PostgreSQL ${c.postgres === null ? "-" : `${f1(c.postgres)} (${perRequest(c.postgres)}, ${f2((c.postgres * 1000) / Math.max(1, r.requests.writes))} ms/write)`}, ` +
      `soak client ${f1(c.client)}, loopback model ${f1(c.model)}, whole machine ${f1(c.machine)}`,
  ];
  const h = r.hub;
  if (!h) return lines;
  const writes = Math.max(1, r.requests.writes);
  const runs = Math.max(1, h.runs);
  lines.push(
    `live hubs (all instances): ${h.transactions} transactions (${f1(h.transactions / seconds)}/s), ` +
      `${h.runs} re-runs (${f1(h.runs / seconds)}/s, ${f2(h.runs / writes)} per write sent), ` +
      `${f2(h.runStatements / runs)} statements and ${f2(h.runMs / runs)} ms wall per re-run, ` +
      `server CPU ${f2((servers * 1000) / runs)} ms per re-run at most (all server CPU / re-runs), ` +
      `${f1(h.pushes / seconds)} pushes/s, ${f1(h.pushBytes / seconds / 1024)} KiB/s pushed ` +
      `(${f1(h.pushBytes / Math.max(1, h.pushes))} B a push, ${f1((100 * h.patches) / Math.max(1, h.pushes))} % as patches), at most ${h.maxWaiting} re-runs waiting`,
  );
  if (h.sharedComputed + h.sharedReused > 0)
    lines.push(
      `shared sub-results: ${h.sharedComputed} computed (${f2(h.sharedStatements / Math.max(1, h.sharedComputed))} statements each), ` +
        `${h.sharedReused} reused (${f1((100 * h.sharedReused) / Math.max(1, h.sharedReused + h.sharedComputed))} %)`,
    );
  if (h.batches > 0)
    lines.push(
      `batched reads: ${h.batches} batches for ${h.batchInputs} members' parts ` +
        `(${f1(h.batchInputs / h.batches)} a batch, ${f2(h.batchStatements / h.batches)} statements each); ` +
        `all live statements ${f2((h.runStatements + h.sharedStatements + h.batchStatements) / writes)} per write sent`,
    );
  if (h.stageRuns > 0) {
    const stageRuns = h.stageRuns;
    const mean = (ms: number) => `${f1(ms / stageRuns)} ms`;
    lines.push(
      `where a re-run waits (mean of ${stageRuns}): dirty → limiter slot ${mean(h.dirtyToSlotMs)}, ` +
        `slot → result ${mean(h.slotToResultMs)}, result → pushed ${mean(h.resultToPushedMs)}; ` +
        `dirty → pushed ${mean(h.dirtyToPushedMs)}, p50 ≤ ${bucketPercentile(h.dirtyToPushed, 0.5)}, ` +
        `p99 ≤ ${bucketPercentile(h.dirtyToPushed, 0.99)}`,
    );
  }
  if (h.liveStatements > 0)
    lines.push(
      `live statements: ${h.liveStatements} (${f2(h.liveStatements / writes)} per write sent), ` +
        `connection wait ${f1(h.connectionWaitMs / h.liveStatements)} ms mean (${h.maxConnectionWaitMs} ms at most), ` +
        `statement ${f1(h.statementMs / h.liveStatements)} ms mean`,
    );
  if (h.eventLoopSeconds > 0)
    lines.push(
      `event loop delay (servers, per second): p99 ${f1(h.eventLoopP99SumMs / h.eventLoopSeconds)} ms mean, ` +
        `mean ${f1(h.eventLoopMeanSumMs / h.eventLoopSeconds)} ms`,
    );
  for (const [path, fc] of Object.entries(h.byFunction).sort((a, b) => b[1].runs - a[1].runs))
    lines.push(
      `  ${path}: ${fc.runs} re-runs (${f2(fc.runs / writes)} per write), ` +
        `${f2(fc.statements / Math.max(1, fc.runs))} statements, ${f2(fc.ms / Math.max(1, fc.runs))} ms wall each`,
    );
  // Re-runs whose result did not change: the work a change asked for that altered nothing.
  if (h.unchangedRuns !== undefined)
    lines.push(
      `unchanged re-runs: ${h.unchangedRuns} (${f2(h.unchangedRuns / writes)} per write sent, ` +
        `${f1((100 * h.unchangedRuns) / runs)} % of re-runs); ` +
        Object.entries(h.byFunction)
          .filter(([, fc]) => (fc.unchanged ?? 0) > 0)
          .map(([path, fc]) => `${path} ${fc.unchanged} of ${fc.runs}`)
          .join(", "),
    );
  // Part of "slot → result" that is waiting, not working: the batch's gathering window.
  if (h.batchGatherMs !== undefined && h.batchInputs > 0)
    lines.push(
      `batch gathering: ${f1(h.batchGatherMs / h.batchInputs)} ms mean from a member's joining to its batch's statement`,
    );
  return lines;
}

/**
 * Where a push's time goes (decision 034, "Where a push's time goes"): each stage's count and
 * percentiles over the load, all instances together, in the order a change goes through them.
 */
export function stageTable(r: SoakRun["result"]): string[] {
  const stages = r.hub?.stages;
  if (!stages) return [];
  const rows = STAGES.filter((stage) => (stages[stage]?.counts ?? []).some((c) => c > 0)).map(
    (stage) => {
      const h = stages[stage];
      const count = h.counts.reduce((a, b) => a + b, 0);
      return [
        stage,
        String(count),
        f1(h.sum / Math.max(1, count)),
        f1(histogramPercentile(h, 0.5)),
        f1(histogramPercentile(h, 0.99)),
        f1(h.max),
      ];
    },
  );
  if (rows.length === 0) return [];
  return [
    "",
    "where a push's time goes (ms, every instance; see LiveStats STAGES):",
    table(["stage", "count", "mean", "p50", "p99", "max (since start)"], rows),
  ];
}

/** The bucket bound (STAGE_BUCKETS_MS) under which a share `q` of the counts fall. */
function bucketPercentile(counts: number[], q: number): string {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return "-";
  let seen = 0;
  for (const [i, count] of counts.entries()) {
    seen += count;
    if (seen >= q * total) {
      const bound = STAGE_BUCKETS_MS[i] ?? Number.POSITIVE_INFINITY;
      return Number.isFinite(bound) ? `${bound} ms` : `> ${STAGE_BUCKETS_MS.at(-2)} ms`;
    }
  }
  return "-";
}
