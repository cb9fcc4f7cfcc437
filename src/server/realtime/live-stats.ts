import { rename, writeFile } from "node:fs/promises";

/** Counters of one function's live re-runs. */
export interface RunCounters {
  runs: number;
  /** SQL statements the runs issued (read-tracker). */
  statements: number;
  /** Wall time of the runs, queueing for a connection included. */
  ms: number;
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
  /** Results sent to sockets, and their JSON bytes. */
  pushes = 0;
  pushBytes = 0;
  /** Runs waiting for the limiter right now, and the most seen. */
  waiting = 0;
  maxWaiting = 0;

  recordRun(path: string, statements: number, ms: number): void {
    const counters = this.runs.get(path) ?? { runs: 0, statements: 0, ms: 0 };
    counters.runs++;
    counters.statements += statements;
    counters.ms += ms;
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
      pushes: this.pushes,
      pushBytes: this.pushBytes,
      waiting: this.waiting,
      maxWaiting: this.maxWaiting,
      cpuMs: Math.round(cpuMicros(process.cpuUsage()) / 1000),
    };
  }

  /** Write a snapshot to `file` every `everyMs` (atomically: a reader never sees half). */
  writeEvery(file: string, everyMs: number, groups: () => number): () => void {
    let writing = false;
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
    const timer = setInterval(write, everyMs);
    timer.unref();
    return () => {
      clearInterval(timer);
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
  byFunction: Record<string, RunCounters>;
  sharedComputed: number;
  sharedReused: number;
  sharedInvalidated: number;
  sharedStatements: number;
  batches: number;
  batchInputs: number;
  batchStatements: number;
  pushes: number;
  pushBytes: number;
  waiting: number;
  maxWaiting: number;
  /** The whole process's CPU (user + system), for CPU per re-run. */
  cpuMs: number;
}

const cpuMicros = (usage: NodeJS.CpuUsage) => usage.user + usage.system;
