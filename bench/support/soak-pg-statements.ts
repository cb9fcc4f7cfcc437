import pg from "pg";
import { ms, table } from "./stats.ts";

/**
 * What PostgreSQL spends its time on during a soak (`npm run bench:soak -- --pg-statements`):
 * the throwaway server runs with pg_stat_statements (and track_io_timing); the counters are
 * reset when the load starts (the table counters are subtracted instead), read every `everyMs` (so a statement's cost per call over the run
 * is visible, window by window) and at the end, beside each table's live/dead row versions and
 * vacuum counts. Off by default: the extension's own cost (about a hash lookup per statement)
 * then never touches a run of record.
 */

/** The server settings that load the extension (passed to the throwaway cluster at start). */
export const PG_STATEMENTS_SETTINGS = [
  "shared_preload_libraries=pg_stat_statements",
  "pg_stat_statements.max=2000",
  "pg_stat_statements.track=top",
  "pg_stat_statements.track_planning=on",
  "track_io_timing=on",
];

export interface StatementCounters {
  queryid: string;
  query: string;
  calls: number;
  totalMs: number;
  /** Planning time (track_planning): a statement planned on every call pays it each time. */
  planMs: number;
  rows: number;
  blksHit: number;
  blksRead: number;
}

export interface TableCounters {
  table: string;
  liveRows: number;
  deadRows: number;
  updates: number;
  hotUpdates: number;
  seqScans: number;
  seqRowsRead: number;
  idxScans: number;
  autovacuums: number;
  autoanalyzes: number;
  vacuums: number;
}

export interface PgStatementsSnapshot {
  /** Seconds since the load started. */
  atS: number;
  statements: StatementCounters[];
}

export interface PgStatementsReport {
  everyMs: number;
  /** Cumulative counters since the reset (the load's start), every `everyMs` and at the end. */
  snapshots: PgStatementsSnapshot[];
  /** Over the whole load, the most expensive first (by total execution time). */
  top: Array<StatementCounters & { meanMs: number; share: number }>;
  /** Per top statement, its mean time and shared blocks per call in each interval. */
  intervals: Array<{
    queryid: string;
    perInterval: Array<{
      fromS: number;
      toS: number;
      calls: number;
      meanMs: number;
      blksPerCall: number;
    }>;
  }>;
  totalMs: number;
  planMs: number;
  tables: TableCounters[];
}

const TOP = 15;

export class PgStatementsProbe {
  readonly #client: pg.Client;
  readonly #everyMs: number;
  #start = 0;
  #timer?: NodeJS.Timeout;
  #pending: Promise<void> = Promise.resolve();
  readonly #snapshots: PgStatementsSnapshot[] = [];
  #tablesBefore: TableCounters[] = [];

  private constructor(client: pg.Client, everyMs: number) {
    this.#client = client;
    this.#everyMs = everyMs;
  }

  /** Connects to the soak's database and creates the extension there. */
  static async open(databaseUrl: string, everyMs: number): Promise<PgStatementsProbe> {
    const client = new pg.Client({ connectionString: databaseUrl, application_name: "soak-probe" });
    await client.connect();
    await client.query("create extension if not exists pg_stat_statements");
    return new PgStatementsProbe(client, everyMs);
  }

  /** Resets the counters (statements and tables) and starts the periodic snapshots. */
  async start(): Promise<void> {
    await this.#client.query("select pg_stat_statements_reset()");
    // Not pg_stat_reset(): it would zero n_dead_tup, which autovacuum goes by. The table
    // counters are read now and subtracted at the end instead.
    this.#tablesBefore = await this.#tables();
    this.#start = performance.now();
    this.#timer = setInterval(() => {
      this.#pending = this.#pending.then(() => this.#snapshot()).catch(() => undefined);
    }, this.#everyMs);
  }

  async #snapshot(): Promise<void> {
    const atS = (performance.now() - this.#start) / 1000;
    const result = await this.#client.query<{
      queryid: string;
      query: string;
      calls: string;
      total: number;
      plan: number;
      rows: string;
      hit: string;
      read: string;
    }>(
      `select s.queryid::text as queryid, s.query, s.calls, s.total_exec_time as total,
         s.total_plan_time as plan, s.rows,
         s.shared_blks_hit as hit, s.shared_blks_read as read
       from pg_stat_statements s
       where s.dbid = (select oid from pg_database where datname = current_database())
         and s.query not ilike '%pg_stat_statements%'`,
    );
    this.#snapshots.push({
      atS,
      statements: result.rows.map((r) => ({
        queryid: r.queryid,
        query: r.query,
        calls: Number(r.calls),
        totalMs: Number(r.total),
        planMs: Number(r.plan),
        rows: Number(r.rows),
        blksHit: Number(r.hit),
        blksRead: Number(r.read),
      })),
    });
  }

  /** The last snapshot (at the load's end), the tables, and the report; closes the connection. */
  async finish(): Promise<PgStatementsReport> {
    clearInterval(this.#timer);
    await this.#pending;
    await this.#snapshot();
    const after = await this.#tables();
    await this.#client.end();
    const before = new Map(this.#tablesBefore.map((t) => [t.table, t]));
    const counted = [
      "updates",
      "hotUpdates",
      "seqScans",
      "seqRowsRead",
      "idxScans",
      "autovacuums",
      "autoanalyzes",
      "vacuums",
    ] as const;
    const tables = after.map((t) => {
      const b = before.get(t.table);
      const out = { ...t };
      for (const key of counted) out[key] = t[key] - (b?.[key] ?? 0);
      return out;
    });
    return buildReport(this.#everyMs, this.#snapshots, tables);
  }

  /** Each table's counters now (row versions live and dead; the rest cumulative). */
  async #tables(): Promise<TableCounters[]> {
    const tables = await this.#client.query<Record<string, string>>(
      `select relname, n_live_tup, n_dead_tup, n_tup_upd, n_tup_hot_upd, seq_scan, seq_tup_read,
         coalesce(idx_scan, 0) as idx_scan, autovacuum_count, autoanalyze_count, vacuum_count
       from pg_stat_user_tables order by n_dead_tup desc, relname`,
    );
    return tables.rows.map((r) => ({
      table: r.relname!,
      liveRows: Number(r.n_live_tup),
      deadRows: Number(r.n_dead_tup),
      updates: Number(r.n_tup_upd),
      hotUpdates: Number(r.n_tup_hot_upd),
      seqScans: Number(r.seq_scan),
      seqRowsRead: Number(r.seq_tup_read),
      idxScans: Number(r.idx_scan),
      autovacuums: Number(r.autovacuum_count),
      autoanalyzes: Number(r.autoanalyze_count),
      vacuums: Number(r.vacuum_count),
    }));
  }

  /** Stops without a report (the run failed). */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.#pending;
    await this.#client.end().catch(() => undefined);
  }
}

function buildReport(
  everyMs: number,
  snapshots: PgStatementsSnapshot[],
  tables: TableCounters[],
): PgStatementsReport {
  const last = snapshots.at(-1)?.statements ?? [];
  const totalMs = last.reduce((sum, s) => sum + s.totalMs, 0);
  const planMs = last.reduce((sum, s) => sum + s.planMs, 0);
  const top = [...last]
    .sort((a, b) => b.totalMs - a.totalMs)
    .slice(0, TOP)
    .map((s) => ({
      ...s,
      meanMs: s.totalMs / Math.max(1, s.calls),
      share: s.totalMs / Math.max(1e-9, totalMs),
    }));
  const intervals = top.map((t) => {
    const perInterval: PgStatementsReport["intervals"][number]["perInterval"] = [];
    let before = { atS: 0, calls: 0, totalMs: 0, blks: 0 };
    for (const snapshot of snapshots) {
      const s = snapshot.statements.find((x) => x.queryid === t.queryid);
      const now = {
        atS: snapshot.atS,
        calls: s?.calls ?? 0,
        totalMs: s?.totalMs ?? 0,
        blks: (s?.blksHit ?? 0) + (s?.blksRead ?? 0),
      };
      const calls = now.calls - before.calls;
      perInterval.push({
        fromS: before.atS,
        toS: now.atS,
        calls,
        meanMs: calls > 0 ? (now.totalMs - before.totalMs) / calls : Number.NaN,
        blksPerCall: calls > 0 ? (now.blks - before.blks) / calls : Number.NaN,
      });
      before = now;
    }
    return { queryid: t.queryid, perInterval };
  });
  // Keep the JSON small: the snapshots hold the top statements only (the last one has them all
  // in `top`'s order anyway).
  const wanted = new Set(top.map((t) => t.queryid));
  const trimmed = snapshots.map((s) => ({
    atS: s.atS,
    statements: s.statements.filter((x) => wanted.has(x.queryid)),
  }));
  return { everyMs, snapshots: trimmed, top, intervals, totalMs, planMs, tables };
}

const oneLine = (query: string, max = 150) => {
  const flat = query.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** The report's text: the top statements, their cost per call over time, the tables. */
export function pgStatementsText(report: PgStatementsReport): string {
  const lines: string[] = [];
  lines.push(
    `PostgreSQL statements (pg_stat_statements over the load): ${ms(report.totalMs / 1000)} s of execution ` +
      `(waits for locks included) and ${ms(report.planMs / 1000)} s of planning in all; top ${report.top.length} by execution:`,
  );
  lines.push(
    table(
      [
        "#",
        "share",
        "total s",
        "calls",
        "mean ms",
        "plan ms",
        "rows/call",
        "blks hit/call",
        "blks read/call",
      ],
      report.top.map((t, i) => [
        String(i + 1),
        `${(t.share * 100).toFixed(1)} %`,
        (t.totalMs / 1000).toFixed(1),
        String(t.calls),
        ms(t.meanMs),
        ms(t.planMs / Math.max(1, t.calls)),
        (t.rows / Math.max(1, t.calls)).toFixed(1),
        (t.blksHit / Math.max(1, t.calls)).toFixed(0),
        (t.blksRead / Math.max(1, t.calls)).toFixed(1),
      ]),
    ),
  );
  for (const [i, t] of report.top.entries()) lines.push(`  ${i + 1}. ${oneLine(t.query)}`);
  const first = report.intervals[0]?.perInterval ?? [];
  if (first.length > 1) {
    lines.push("", "mean ms per call (shared blocks per call) by interval:");
    lines.push(
      table(
        ["#", ...first.map((p) => `${p.fromS.toFixed(0)}-${p.toS.toFixed(0)} s`)],
        report.intervals.map((row, i) => [
          String(i + 1),
          ...row.perInterval.map((p) =>
            p.calls > 0 ? `${ms(p.meanMs)} (${p.blksPerCall.toFixed(0)})` : "-",
          ),
        ]),
      ),
    );
  }
  lines.push(
    "",
    table(
      [
        "table",
        "live",
        "dead",
        "updates",
        "HOT",
        "seq scans",
        "seq rows read",
        "idx scans",
        "autovacuum",
        "autoanalyze",
      ],
      report.tables
        .filter((t) => t.updates + t.seqScans + t.idxScans + t.deadRows > 0)
        .slice(0, 14)
        .map((t) => [
          t.table,
          String(t.liveRows),
          String(t.deadRows),
          String(t.updates),
          String(t.hotUpdates),
          String(t.seqScans),
          String(t.seqRowsRead),
          String(t.idxScans),
          String(t.autovacuums),
          String(t.autoanalyzes),
        ]),
    ),
  );
  return lines.join("\n");
}
