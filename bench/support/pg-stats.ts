import pg from "pg";

/**
 * PostgreSQL's own counters, to see how much database work one change causes: committed
 * transactions (each statement outside a transaction is one) and index/sequential scans of the
 * `sessions` and `users` tables (every identity check reads both).
 *
 * PostgreSQL 15 backends publish their counters when idle, at most every 10 s
 * (PGSTAT_IDLE_INTERVAL), so a reading is only exact after the server has been idle that long.
 */

export const STATS_SETTLE_MS = 11_000;

export type DbCounters = Record<"transactions" | "sessionScans" | "userScans", number>;

export async function readDbCounters(databaseUrl: string): Promise<DbCounters> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const db = await client.query<{ n: string }>(
      "select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()",
    );
    const tables = await client.query<{ relname: string; n: string }>(
      "select relname, coalesce(idx_scan, 0) + coalesce(seq_scan, 0) as n from pg_stat_user_tables " +
        "where relname in ('sessions', 'users')",
    );
    const scans = (name: string) => Number(tables.rows.find((r) => r.relname === name)?.n ?? 0);
    return {
      transactions: Number(db.rows[0]?.n ?? 0),
      sessionScans: scans("sessions"),
      userScans: scans("users"),
    };
  } finally {
    await client.end();
  }
}

export function perIteration(
  before: DbCounters,
  after: DbCounters,
  iterations: number,
): DbCounters {
  const per = (key: keyof DbCounters) => (after[key] - before[key]) / Math.max(1, iterations);
  return {
    transactions: per("transactions"),
    sessionScans: per("sessionScans"),
    userScans: per("userScans"),
  };
}
