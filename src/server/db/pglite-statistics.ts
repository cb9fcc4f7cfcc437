import type { PGlite } from "@electric-sql/pglite";

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

type Client = Pick<PGlite, "exec" | "query">;

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

/** ANALYZE of every table. Never throws (closing, or busy: the next round will do). */
export function analyzeAll(client: Client): Promise<unknown> {
  return client.exec("ANALYZE").catch(() => {
    /* closing, or busy: the next round will do */
  });
}

/**
 * ANALYZE of the tables whose size moved away from their statistics (see above), in one
 * statement; the names analyzed (none: nothing ran). Throws what the statements throw.
 */
export async function analyzeGrownTables(client: Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(GROWN_TABLES);
  const names = rows.map((row) => row.name);
  if (names.length > 0) await client.exec(`ANALYZE ${names.join(", ")}`);
  return names;
}

/**
 * Keeps the statistics current once the database is migrated: every table now and every
 * ANALYZE_ALL_EVERY_MS, grown tables every ANALYZE_GROWN_EVERY_MS (one round at a time; the
 * timers do not keep the process alive). Resolves after the first ANALYZE; the result stops it.
 */
export async function keepStatistics(
  client: Client,
  every: { allMs: number; grownMs: number } = {
    allMs: ANALYZE_ALL_EVERY_MS,
    grownMs: ANALYZE_GROWN_EVERY_MS,
  },
): Promise<() => void> {
  let running = false;
  const round = (work: () => Promise<unknown>) => async () => {
    if (running) return;
    running = true;
    try {
      await work();
    } catch {
      /* closing, or busy: the next round will do */
    } finally {
      running = false;
    }
  };
  await analyzeAll(client);
  const all = setInterval(
    round(() => analyzeAll(client)),
    every.allMs,
  );
  const grown = setInterval(
    round(() => analyzeGrownTables(client)),
    every.grownMs,
  );
  all.unref();
  grown.unref();
  return () => {
    clearInterval(all);
    clearInterval(grown);
  };
}
