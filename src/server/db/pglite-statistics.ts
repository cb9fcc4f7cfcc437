/**
 * PGlite's upkeep (decisions 039 and 040). PGlite has no autovacuum, so nothing keeps the
 * planner's statistics current and nothing vacuums: the server analyzes every table at start and
 * every few minutes, and, between those, vacuums and analyzes the tables that autovacuum would
 * (this file, and pglite-vacuum.ts for VACUUM).
 *
 * Why the analyzing: a named statement's generic plan is made once and kept until its tables'
 * statistics change. A table analyzed while it was nearly empty (a new database, a new feature's
 * table) gets sequential scans in those plans, and they stay while the table grows: on a new
 * database a chat turn cost 5.1 ms of CPU after 1,000 turns, 2.0 ms once analyzed.
 *
 * PostgreSQL's autovacuum analyzes a table once its rows changed since its last ANALYZE pass
 * autovacuum_analyze_threshold + autovacuum_analyze_scale_factor × its rows (50 + 10 %). PGlite's
 * backend keeps that count (`n_mod_since_analyze`) as any backend does, flushing it at most once
 * a second; the same rule applies here, on the same settings.
 */

import {
  allTables,
  dueTables,
  flushCounts,
  type TableToVacuum,
  type VacuumClient,
  vacuumTables,
} from "./pglite-vacuum.ts";

/** Every table, at start and then this often (sampled: cheap for the tables it leaves alone). */
export const ANALYZE_ALL_EVERY_MS = 5 * 60_000;
/** How often the tables' counts are compared with autovacuum's thresholds. */
export const UPKEEP_EVERY_MS = 15_000;
/**
 * A table at least this large with its indexes and TOAST table waits for a quiet moment to be
 * vacuumed (decision 040, "Large tables at a quiet moment"): PGlite runs one statement at a
 * time, and such a VACUUM holds every statement of the server up for a good part of a second
 * (passages: 0.94 s for 464 MB after a fifth of its rows were deleted, 0.42 s after 41,000 rows
 * were inserted).
 */
export const LARGE_TABLE_BYTES = 64 * 1024 * 1024;
/** The database with no statement of the server's running or waiting this long is quiet. */
export const QUIET_MS = 2_000;
/** A large table is vacuumed at most this long after it was found due, quiet or not. */
export const LARGE_WAIT_MAX_MS = 10 * 60_000;
/** How often a large table waiting for a quiet moment looks for one. */
export const QUIET_CHECK_MS = 500;

/** The upkeep's timing (tests shorten it) and how to tell that the database is quiet. */
export interface UpkeepOptions {
  /** ANALYZE of every table this often (ANALYZE_ALL_EVERY_MS). */
  allMs?: number;
  /** A round of VACUUM and ANALYZE of what is due this often (UPKEEP_EVERY_MS). */
  roundMs?: number;
  /**
   * How long the database has had no statement of the server's running or waiting, 0 while one
   * does (the upkeep's own statements do not count). Without it no table waits: every table due
   * is vacuumed in the round that finds it.
   */
  quietMs?: () => number;
  /** LARGE_TABLE_BYTES, QUIET_MS, LARGE_WAIT_MAX_MS and QUIET_CHECK_MS. */
  largeBytes?: number;
  quietForMs?: number;
  largeWaitMaxMs?: number;
  quietCheckMs?: number;
}

/** What the rounds need of a database: PGlite's client, in its thread or another's. */
export type StatisticsClient = VacuumClient;

/**
 * The tables of the server's schemas changed enough since their last ANALYZE (autovacuum's rule,
 * above; `reltuples` is -1 for a table never analyzed: counted as 0 rows), schema-qualified.
 */
const CHANGED_TABLES = `select format('%I.%I', s.schemaname, s.relname) as "name"
  from pg_stat_user_tables s
  join pg_class c on c.oid = s.relid
  where s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8
    + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0)
  order by 1`;

/**
 * ANALYZE of the tables changed enough since their last one (see above), in one statement; the
 * names analyzed (none: nothing ran). The counts it reads are flushed first. Throws what the
 * statements throw.
 */
export async function analyzeChangedTables(client: StatisticsClient): Promise<string[]> {
  await flushCounts(client);
  const { rows } = await client.query<{ name: string }>(CHANGED_TABLES);
  const names = rows.map((row) => row.name);
  if (names.length > 0) await client.exec(`ANALYZE ${names.join(", ")}`);
  return names;
}

/** A failed round, as a process warning (the thread PGlite runs on has no logger of its own). */
function warn(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  process.emitWarning(`PGlite's upkeep round failed: ${message}`);
}

/**
 * Keeps the database in order once it is migrated: ANALYZE of every table now and every
 * `allMs`; every `roundMs`, VACUUM of the tables due one (dueTables; every table in the first
 * round after a start, allTables), then ANALYZE of the tables changed enough
 * (analyzeChangedTables). Given `quietMs`, a large table (`largeBytes`) is not vacuumed in the
 * round that finds it but at the first moment the database has been quiet for `quietForMs`
 * (looked for every `quietCheckMs`, one table at a time), or in the first round once it has
 * waited `largeWaitMaxMs`; a table due by its age never waits. One round at a time; the timers
 * do not keep the process alive. Resolves after the first ANALYZE; the result stops it.
 * A failed round goes to `onError` (a process warning unless told), once until a round succeeds
 * again, so a lasting failure is seen without a warning every 15 s; the rounds go on. Once
 * stopped (the database is closing) a round under way starts no further VACUUM or ANALYZE, and
 * nothing is reported.
 */
export async function keepMaintained(
  client: StatisticsClient,
  options: UpkeepOptions = {},
  onError: (error: unknown) => void = warn,
): Promise<() => void> {
  const {
    allMs = ANALYZE_ALL_EVERY_MS,
    roundMs = UPKEEP_EVERY_MS,
    quietMs,
    largeBytes = LARGE_TABLE_BYTES,
    quietForMs = QUIET_MS,
    largeWaitMaxMs = LARGE_WAIT_MAX_MS,
    quietCheckMs = QUIET_CHECK_MS,
  } = options;
  let running = false;
  // Stopped: a round under way starts no further statement, and its failure is not reported.
  const closing = new AbortController();
  let firstRound = true;
  let failing = false;
  /** Large tables found due, each with when it was first found, oldest first. */
  const waiting = new Map<string, { table: TableToVacuum; since: number }>();
  const round = (work: () => Promise<unknown>) => async () => {
    if (running) return;
    running = true;
    try {
      await work();
      failing = false;
    } catch (error) {
      if (!closing.signal.aborted && !failing) onError(error);
      failing = true;
    } finally {
      running = false;
    }
  };
  const analyzeAll = round(async () => {
    // Counts not yet flushed would arrive after ANALYZE and count as changes since it.
    await flushCounts(client);
    await client.exec("ANALYZE");
  });
  await analyzeAll();
  const all = setInterval(analyzeAll, allMs);
  const upkeep = setInterval(
    round(async () => {
      // The counts the rules read start at 0 with each start: the first round vacuums everything.
      const found = firstRound ? await allTables(client) : await dueTables(client);
      firstRound = false;
      const now = Date.now();
      const vacuumNow: TableToVacuum[] = [];
      for (const table of found) {
        if (quietMs && table.bytes >= largeBytes && !table.urgent) {
          // Found again while waiting: it keeps its place and its first finding.
          waiting.set(table.name, { table, since: waiting.get(table.name)?.since ?? now });
        } else {
          waiting.delete(table.name);
          vacuumNow.push(table);
        }
      }
      // Waited its longest, found due again or not (the first round lists every table).
      for (const [name, { table, since }] of waiting) {
        if (now - since < largeWaitMaxMs) continue;
        waiting.delete(name);
        vacuumNow.push(table);
      }
      await vacuumTables(client, vacuumNow, closing.signal);
      if (!closing.signal.aborted) await analyzeChangedTables(client);
    }),
    roundMs,
  );
  // One large table at each quiet moment, the one found first.
  const vacuumLarge = round(async () => {
    const first = waiting.values().next().value;
    if (!first) return;
    waiting.delete(first.table.name);
    await vacuumTables(client, [first.table], closing.signal);
  });
  const quiet = quietMs
    ? setInterval(() => {
        if (waiting.size > 0 && !running && quietMs() >= quietForMs) void vacuumLarge();
      }, quietCheckMs)
    : undefined;
  all.unref();
  upkeep.unref();
  quiet?.unref();
  return () => {
    closing.abort();
    clearInterval(all);
    clearInterval(upkeep);
    clearInterval(quiet);
  };
}
