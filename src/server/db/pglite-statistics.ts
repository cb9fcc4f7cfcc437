/**
 * PGlite's planner statistics (decision 039). PGlite has no autovacuum, so nothing keeps the
 * planner's statistics current: the server analyzes every table at start and every few minutes,
 * and, between those, each table that has grown or shrunk since it was last analyzed (this file).
 *
 * Why the second: a named statement's generic plan is made once and kept until its tables'
 * statistics change. A table analyzed while it was nearly empty (a new database, a new feature's
 * table) gets sequential scans in those plans, and they stay while the table grows: on a new
 * database a chat turn cost 5.1 ms of CPU after 1,000 turns, 2.0 ms once analyzed.
 *
 * PostgreSQL's autovacuum analyzes a table once its changed rows pass 50 + 10 % of its rows;
 * PGlite's single process does not count changed rows (its cumulative statistics are not
 * flushed), so the size on disk stands for them here: a table is analyzed again once its
 * pages differ from the pages its statistics were taken at by at least one page and 10 %.
 */

/** Every table, at start and then this often (sampled: cheap for the tables it leaves alone). */
export const ANALYZE_ALL_EVERY_MS = 5 * 60_000;
/** How often the tables' sizes are compared with their statistics. */
export const ANALYZE_GROWN_EVERY_MS = 15_000;

/** What the rounds need of a database: PGlite's client, in its thread or another's. */
export interface StatisticsClient {
  query<T>(text: string): Promise<{ rows: T[] }>;
  exec(text: string): Promise<unknown>;
}

/**
 * The tables of the public schema whose size is off their statistics by at least a page and
 * 10 % (relpages is the size ANALYZE saw; -1 / 0 pages: never analyzed, or empty then).
 */
const GROWN_TABLES = `select quote_ident(c.relname) as "name"
  from pg_class c
  where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
    and abs(pg_relation_size(c.oid) / current_setting('block_size')::int - greatest(c.relpages, 0))
      >= greatest(1, greatest(c.relpages, 0) / 10)
  order by c.relname`;

/**
 * ANALYZE of the tables whose size moved away from their statistics (see above), in one
 * statement; the names analyzed (none: nothing ran). Throws what the statements throw.
 */
export async function analyzeGrownTables(client: StatisticsClient): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(GROWN_TABLES);
  const names = rows.map((row) => row.name);
  if (names.length > 0) await client.exec(`ANALYZE ${names.join(", ")}`);
  return names;
}

/** A failed round, as a process warning (the thread PGlite runs on has no logger of its own). */
function warn(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  process.emitWarning(`PGlite's statistics round failed: ${message}`);
}

/**
 * Keeps the statistics current once the database is migrated: every table now and every
 * ANALYZE_ALL_EVERY_MS, grown tables every ANALYZE_GROWN_EVERY_MS (one round at a time; the
 * timers do not keep the process alive). Resolves after the first round; the result stops it.
 * A failed round goes to `onError` (a process warning unless told), once until a round succeeds
 * again, so a lasting failure is seen without a warning every 15 s; the rounds go on. Nothing is
 * reported once stopped (the database is closing).
 */
export async function keepStatistics(
  client: StatisticsClient,
  every: { allMs: number; grownMs: number } = {
    allMs: ANALYZE_ALL_EVERY_MS,
    grownMs: ANALYZE_GROWN_EVERY_MS,
  },
  onError: (error: unknown) => void = warn,
): Promise<() => void> {
  let running = false;
  let stopped = false;
  let failing = false;
  const round = (work: () => Promise<unknown>) => async () => {
    if (running) return;
    running = true;
    try {
      await work();
      failing = false;
    } catch (error) {
      if (!stopped && !failing) onError(error);
      failing = true;
    } finally {
      running = false;
    }
  };
  const analyzeAll = round(() => client.exec("ANALYZE"));
  await analyzeAll();
  const all = setInterval(analyzeAll, every.allMs);
  const grown = setInterval(
    round(() => analyzeGrownTables(client)),
    every.grownMs,
  );
  all.unref();
  grown.unref();
  return () => {
    stopped = true;
    clearInterval(all);
    clearInterval(grown);
  };
}
