import { rename, writeFile } from "node:fs/promises";
import { monitorEventLoopDelay } from "node:perf_hooks";

/** Upper bounds (ms) of the buckets of `dirtyToPushed` (the last one: anything above). */
export const STAGE_BUCKETS_MS = [
  1,
  2,
  5,
  10,
  20,
  50,
  100,
  200,
  500,
  1000,
  2000,
  5000,
  10_000,
  Number.POSITIVE_INFINITY,
];

/**
 * Upper bounds (ms) of the buckets of each stage's histogram (LiveStats.stages): fine enough to
 * read a p50 and a p99 from, the last one open.
 */
export const HISTOGRAM_BOUNDS_MS = [
  0.05,
  0.1,
  0.2,
  0.5,
  1,
  2,
  3,
  5,
  7.5,
  10,
  15,
  20,
  30,
  40,
  50,
  75,
  100,
  150,
  200,
  300,
  500,
  750,
  1000,
  1500,
  2000,
  3000,
  5000,
  10_000,
  Number.POSITIVE_INFINITY,
];

/**
 * The stages of a push, in the order a change goes through them (decision 034, "Where a push's
 * time goes"); each is a histogram of HISTOGRAM_BOUNDS_MS:
 * - `commitToNotify`: a transaction committed on this instance → its end marker heard by this
 *   instance's hub (the change feed: NOTIFY and LISTEN on PostgreSQL, the worker's message on
 *   PGlite);
 * - `notifyToFlush`: a notification heard → the hub handling it (its queue, one event-loop turn);
 * - `dirtyToSlot`: a group asked to run → a limiter slot;
 * - `sharedWait`: a run waiting for a shared sub-result another run computes (per wait);
 * - `sharedCompute`: a shared sub-result's computation (its statements), per computation;
 * - `batchGather`: a member joining its batch → the batch's statement starting (per member);
 * - `batchStatement`: the batch's statement, per batch;
 * - `slotToResult`: the slot → the run's result (everything above inside it, and the handler);
 * - `serialise`: the result compared with the one it follows (what changed, its patch's makings;
 *   the name is from when this was the whole value's JSON text, now made only for a subscriber
 *   that needs it, decision 035);
 * - `resultToPushed`: the result → every subscriber's socket written;
 * - `changeToPushed`: the first change heard that a run answers → its pushes written, for runs
 *   that pushed something (what a client waits for on the server's side);
 * - `liveStatement` / `connectionWait`: each live statement's own time and its wait for a
 *   connection (PostgreSQL's live pool, where the driver reports them).
 */
export const STAGES = [
  "commitToNotify",
  "notifyToFlush",
  "dirtyToSlot",
  "sharedWait",
  "sharedCompute",
  "batchGather",
  "batchStatement",
  "slotToResult",
  "serialise",
  "resultToPushed",
  "changeToPushed",
  "liveStatement",
  "connectionWait",
] as const;
export type Stage = (typeof STAGES)[number];

/** A histogram of durations (ms) over HISTOGRAM_BOUNDS_MS. */
export class Histogram {
  readonly counts = HISTOGRAM_BOUNDS_MS.map(() => 0);
  sum = 0;
  max = 0;

  add(ms: number): void {
    const value = Number.isNaN(ms) ? 0 : Math.max(ms, 0);
    let i = 0;
    while (value > HISTOGRAM_BOUNDS_MS[i]!) i++;
    this.counts[i]!++;
    this.sum += value;
    if (value > this.max) this.max = value;
  }

  get count(): number {
    return countOf(this.counts);
  }
}

/** A histogram as written to LIVE_STATS_FILE (and summed over instances by the soak). */
export interface HistogramSnapshot {
  counts: number[];
  sum: number;
  max: number;
}

const countOf = (counts: number[]) => counts.reduce((a, b) => a + b, 0);

/**
 * The value under which a share `q` of a histogram's counts fall, interpolated inside its
 * bucket (the open last bucket answers its lower bound, or the max seen).
 */
export function histogramPercentile(h: HistogramSnapshot, q: number): number {
  const total = countOf(h.counts);
  if (total === 0) return Number.NaN;
  const target = q * total;
  let seen = 0;
  for (const [i, count] of h.counts.entries()) {
    if (count > 0 && seen + count >= target) {
      const lower = i === 0 ? 0 : HISTOGRAM_BOUNDS_MS[i - 1]!;
      const upper = Math.min(HISTOGRAM_BOUNDS_MS[i]!, Math.max(h.max, lower));
      return lower + ((upper - lower) * (target - seen)) / count;
    }
    seen += count;
  }
  return h.max;
}

/** `a + b - c` bucket by bucket (the soak sums the instances' ends minus their starts). */
export function histogramDelta(
  after: HistogramSnapshot | undefined,
  before: HistogramSnapshot | undefined,
): HistogramSnapshot {
  return {
    counts: HISTOGRAM_BOUNDS_MS.map((_, i) => (after?.counts[i] ?? 0) - (before?.counts[i] ?? 0)),
    sum: (after?.sum ?? 0) - (before?.sum ?? 0),
    // The longest since the server started: the load's, once warm-up is short.
    max: after?.max ?? 0,
  };
}

export function histogramSum(a: HistogramSnapshot, b: HistogramSnapshot): HistogramSnapshot {
  return {
    counts: a.counts.map((c, i) => c + (b.counts[i] ?? 0)),
    sum: a.sum + b.sum,
    max: Math.max(a.max, b.max),
  };
}

/** Counters of one function's live re-runs. */
export interface RunCounters {
  runs: number;
  /** SQL statements the runs issued (read-tracker). */
  statements: number;
  /** Wall time of the runs, queueing for a connection included. */
  ms: number;
  /**
   * Re-runs that ended with the group's result unchanged (the same text as its last one): work
   * a change asked for that altered nothing (first runs are never counted).
   */
  unchanged?: number;
}

/**
 * What the live-query hub did since the process started: counters only (no ids, no
 * results), so they can be written where a benchmark reads them (LIVE_STATS_FILE).
 */
export class LiveStats {
  /** Row changes received from the change feed. */
  changes = 0;
  /** Committed transactions (their end markers): the writes, from this instance's view. */
  transactions = 0;
  /** Re-runs (and first runs) of live groups, by function. */
  readonly runs = new Map<string, RunCounters>();
  /** Shared sub-results computed (see SharedResults), reused, and invalidated. */
  sharedComputed = 0;
  sharedReused = 0;
  sharedInvalidated = 0;
  sharedStatements = 0;
  /** Batched reads (see BatchedResults): batches run, the groups' inputs they read, statements. */
  batches = 0;
  batchInputs = 0;
  batchStatements = 0;
  /**
   * Time the batches' inputs waited for their batch to close (ms, summed over inputs: from
   * joining to the batch's statement starting), part of a re-run's "slot → result".
   */
  batchGatherMs = 0;
  /** Results sent to sockets, and the JSON bytes sent (patches counted at their size). */
  pushes = 0;
  pushBytes = 0;
  /** Pushes sent as a patch against the subscriber's last value (decision 035). */
  patches = 0;
  /** Re-runs whose result was unchanged (see RunCounters.unchanged), over every function. */
  unchangedRuns = 0;
  /** Runs waiting for the limiter right now, and the most seen. */
  waiting = 0;
  maxWaiting = 0;
  /**
   * Where a re-run's time goes (sums over runs, ms): from its group turning dirty to a limiter
   * slot, from the slot to its result (statements, batch and shared waits inside), from the
   * result to its pushes being sent; and dirty to pushed in buckets (STAGE_BUCKETS_MS).
   */
  stageRuns = 0;
  dirtyToSlotMs = 0;
  slotToResultMs = 0;
  resultToPushedMs = 0;
  dirtyToPushedMs = 0;
  readonly dirtyToPushed = STAGE_BUCKETS_MS.map(() => 0);
  /**
   * The live path's statements (onLiveConnection, PostgreSQL): how many, the wait for a
   * connection and the statement's own time (ms), and the longest wait.
   */
  liveStatements = 0;
  connectionWaitMs = 0;
  statementMs = 0;
  maxConnectionWaitMs = 0;
  /** Each stage's durations (see STAGES). */
  readonly stages = Object.fromEntries(STAGES.map((stage) => [stage, new Histogram()])) as Record<
    Stage,
    Histogram
  >;
  /** The event loop's delay: the p99 of each second, summed, and the seconds counted. */
  eventLoopP99SumMs = 0;
  eventLoopMeanSumMs = 0;
  eventLoopSeconds = 0;

  recordStages(dirtyAt: number, slotAt: number, resultAt: number, pushedAt: number): void {
    this.stageRuns++;
    this.dirtyToSlotMs += slotAt - dirtyAt;
    this.slotToResultMs += resultAt - slotAt;
    this.resultToPushedMs += pushedAt - resultAt;
    this.stages.dirtyToSlot.add(slotAt - dirtyAt);
    this.stages.slotToResult.add(resultAt - slotAt);
    this.stages.resultToPushed.add(pushedAt - resultAt);
    const total = pushedAt - dirtyAt;
    this.dirtyToPushedMs += total;
    const bucket = STAGE_BUCKETS_MS.findIndex((bound) => total <= bound);
    this.dirtyToPushed[bucket]!++;
  }

  /** A live statement's wait for a connection and its own time (see LiveStatementSink). */
  statement(acquireMs: number, runMs: number): void {
    this.liveStatements++;
    this.connectionWaitMs += acquireMs;
    this.statementMs += runMs;
    this.stages.connectionWait.add(acquireMs);
    this.stages.liveStatement.add(runMs);
    if (acquireMs > this.maxConnectionWaitMs) this.maxConnectionWaitMs = acquireMs;
  }

  recordRun(path: string, statements: number, ms: number, unchanged = false): void {
    const counters = this.runs.get(path) ?? { runs: 0, statements: 0, ms: 0, unchanged: 0 };
    counters.runs++;
    counters.statements += statements;
    counters.ms += ms;
    if (unchanged) {
      counters.unchanged = (counters.unchanged ?? 0) + 1;
      this.unchangedRuns++;
    }
    this.runs.set(path, counters);
  }

  snapshot(groups: number): LiveStatsSnapshot {
    let runs = 0;
    let statements = 0;
    let ms = 0;
    for (const c of this.runs.values()) {
      runs += c.runs;
      statements += c.statements;
      ms += c.ms;
    }
    return {
      at: Date.now(),
      groups,
      changes: this.changes,
      transactions: this.transactions,
      runs,
      runStatements: statements,
      runMs: Math.round(ms),
      unchangedRuns: this.unchangedRuns,
      byFunction: Object.fromEntries(
        [...this.runs].map(([path, c]) => [path, { ...c, ms: Math.round(c.ms) }]),
      ),
      sharedComputed: this.sharedComputed,
      sharedReused: this.sharedReused,
      sharedInvalidated: this.sharedInvalidated,
      sharedStatements: this.sharedStatements,
      batches: this.batches,
      batchInputs: this.batchInputs,
      batchStatements: this.batchStatements,
      batchGatherMs: Math.round(this.batchGatherMs),
      pushes: this.pushes,
      pushBytes: this.pushBytes,
      patches: this.patches,
      waiting: this.waiting,
      maxWaiting: this.maxWaiting,
      stageRuns: this.stageRuns,
      dirtyToSlotMs: Math.round(this.dirtyToSlotMs),
      slotToResultMs: Math.round(this.slotToResultMs),
      resultToPushedMs: Math.round(this.resultToPushedMs),
      dirtyToPushedMs: Math.round(this.dirtyToPushedMs),
      dirtyToPushed: [...this.dirtyToPushed],
      liveStatements: this.liveStatements,
      connectionWaitMs: Math.round(this.connectionWaitMs),
      statementMs: Math.round(this.statementMs),
      maxConnectionWaitMs: Math.round(this.maxConnectionWaitMs),
      eventLoopP99SumMs: Math.round(this.eventLoopP99SumMs),
      eventLoopMeanSumMs: Math.round(this.eventLoopMeanSumMs),
      eventLoopSeconds: this.eventLoopSeconds,
      stages: Object.fromEntries(
        STAGES.map((stage) => {
          const h = this.stages[stage];
          return [stage, { counts: [...h.counts], sum: h.sum, max: h.max }];
        }),
      ) as Record<Stage, HistogramSnapshot>,
      cpuMs: Math.round(cpuMicros(process.cpuUsage()) / 1000),
    };
  }

  /** Write a snapshot to `file` every `everyMs` (atomically: a reader never sees half). */
  writeEvery(file: string, everyMs: number, groups: () => number): () => void {
    let writing = false;
    // The event loop's delay per interval: what every re-run and request waits for besides I/O.
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const sampleDelay = () => {
      if (delay.count > 0) {
        this.eventLoopP99SumMs += delay.percentile(99) / 1e6;
        this.eventLoopMeanSumMs += delay.mean / 1e6;
        this.eventLoopSeconds += everyMs / 1000;
      }
      delay.reset();
    };
    const write = () => {
      if (writing) return;
      writing = true;
      const text = JSON.stringify(this.snapshot(groups()));
      writeFile(`${file}.tmp`, text)
        .then(() => rename(`${file}.tmp`, file))
        // A benchmark's aid: never fail the server over it.
        .catch(() => undefined)
        .finally(() => {
          writing = false;
        });
    };
    write();
    const timer = setInterval(() => {
      sampleDelay();
      write();
    }, everyMs);
    timer.unref();
    return () => {
      clearInterval(timer);
      delay.disable();
      write();
    };
  }
}

export interface LiveStatsSnapshot {
  at: number;
  groups: number;
  changes: number;
  transactions: number;
  runs: number;
  runStatements: number;
  runMs: number;
  /** See LiveStats.unchangedRuns (absent in files written before it). */
  unchangedRuns?: number;
  byFunction: Record<string, RunCounters>;
  sharedComputed: number;
  sharedReused: number;
  sharedInvalidated: number;
  sharedStatements: number;
  batches: number;
  batchInputs: number;
  batchStatements: number;
  /** See LiveStats.batchGatherMs (absent in files written before it). */
  batchGatherMs?: number;
  pushes: number;
  pushBytes: number;
  /** See LiveStats.patches (absent in files written before it). */
  patches?: number;
  waiting: number;
  maxWaiting: number;
  /** See LiveStats (absent in files written before these counters). */
  stageRuns?: number;
  dirtyToSlotMs?: number;
  slotToResultMs?: number;
  resultToPushedMs?: number;
  dirtyToPushedMs?: number;
  dirtyToPushed?: number[];
  liveStatements?: number;
  connectionWaitMs?: number;
  statementMs?: number;
  maxConnectionWaitMs?: number;
  eventLoopP99SumMs?: number;
  eventLoopMeanSumMs?: number;
  eventLoopSeconds?: number;
  /** Each stage's histogram (absent in files written before them). */
  stages?: Record<Stage, HistogramSnapshot>;
  /** The whole process's CPU (user + system), for CPU per re-run. */
  cpuMs: number;
}

const cpuMicros = (usage: NodeJS.CpuUsage) => usage.user + usage.system;

/**
 * When this process committed each recent transaction (by its end marker), for the hub's
 * `commitToNotify` stage: execute() notes the commit, the hub takes it back when the marker
 * arrives through the change feed. Bounded: markers never heard (another instance's, a feed
 * gone away) go out oldest first.
 */
const committedAt = new Map<string, number>();
const COMMITS_KEPT = 10_000;

export function noteCommitted(marker: string, at = performance.now()): void {
  committedAt.set(marker, at);
  if (committedAt.size > COMMITS_KEPT) {
    const oldest = committedAt.keys().next().value;
    if (oldest !== undefined) committedAt.delete(oldest);
  }
}

/** The commit time noted for `marker` (once: it is forgotten as it is taken). */
export function takeCommitted(marker: string): number | undefined {
  const at = committedAt.get(marker);
  if (at !== undefined) committedAt.delete(marker);
  return at;
}
