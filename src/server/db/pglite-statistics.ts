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
  flushCounts,
  type VacuumClient,
  vacuumAllTables,
  vacuumDueTables,
} from "./pglite-vacuum.ts";

/** Every table, at start and then this often (sampled: cheap for the tables it leaves alone). */
export const ANALYZE_ALL_EVERY_MS = 5 * 60_000;
/** How often the tables' counts are compared with autovacuum's thresholds. */
export const UPKEEP_EVERY_MS = 15_000;

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
 * ANALYZE_ALL_EVERY_MS; every UPKEEP_EVERY_MS, VACUUM of the tables due one (vacuumDueTables;
 * every table in the first round after a start, vacuumAllTables), then ANALYZE of the tables
 * changed enough (analyzeChangedTables). One round at a time; the timers do not keep the process
 * alive. Resolves after the first ANALYZE; the result stops it.
 * A failed round goes to `onError` (a process warning unless told), once until a round succeeds
 * again, so a lasting failure is seen without a warning every 15 s; the rounds go on. Once
 * stopped (the database is closing) a round under way starts no further VACUUM or ANALYZE, and
 * nothing is reported.
 */
export async function keepMaintained(
  client: StatisticsClient,
  every: { allMs: number; roundMs: number } = {
    allMs: ANALYZE_ALL_EVERY_MS,
    roundMs: UPKEEP_EVERY_MS,
  },
  onError: (error: unknown) => void = warn,
): Promise<() => void> {
  let running = false;
  // Stopped: a round under way starts no further statement, and its failure is not reported.
  const closing = new AbortController();
  let firstRound = true;
  let failing = false;
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
  const all = setInterval(analyzeAll, every.allMs);
  const upkeep = setInterval(
    round(async () => {
      // The counts the rules read start at 0 with each start: the first round vacuums everything.
      if (firstRound) await vacuumAllTables(client, closing.signal);
      else await vacuumDueTables(client, {}, closing.signal);
      firstRound = false;
      if (!closing.signal.aborted) await analyzeChangedTables(client);
    }),
    every.roundMs,
  );
  all.unref();
  upkeep.unref();
  return () => {
    closing.abort();
    clearInterval(all);
    clearInterval(upkeep);
  };
}
