import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import {
  CHANGES_CHANNEL,
  type Database,
  type Db,
  liveStatementSink,
  MIGRATIONS_DIR,
  type OpenOptions,
  queryLogger,
} from "./database.ts";
import { NamedStatements, pgPreparedFromEnv } from "./pg-named.ts";
import * as schema from "./schema.ts";

const MIGRATION_LOCK_ID = 7_316_004_211;
/** The live pool's connections' application_name (pg_stat_activity). */
export const LIVE_APPLICATION_NAME = "atrium-live";

/** PostgreSQL at DATABASE_URL: a pool, migrations under an advisory lock, LISTEN for changes. */
export async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  // Every statement with parameters named, parsed and planned once per connection (pg-named.ts).
  const named = pgPreparedFromEnv(process.env.ATRIUM_PG_PREPARED)
    ? new NamedStatements()
    : undefined;
  if (named) pool.on("connect", (client) => named.attach(client));
  const lockClient = await pool.connect();
  try {
    await lockClient.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    await lockClient.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
  } finally {
    lockClient.release();
  }
  const livePool =
    (options.livePoolSize ?? 0) > 0
      ? // Named, so pg_stat_activity tells the live path's connections apart.
        new pg.Pool({
          connectionString: url,
          max: options.livePoolSize,
          application_name: LIVE_APPLICATION_NAME,
        })
      : undefined;
  // An idle live connection that fails (PostgreSQL restarted) is dropped by pg; the next
  // statement opens another. Without a listener the pool's "error" event would end the process.
  livePool?.on("error", () => undefined);
  if (named) livePool?.on("connect", (client) => named.attach(client));
  routeLiveStatements(pool, livePool);
  const db = drizzlePg(pool, { schema, logger: queryLogger }) as unknown as Db;
  const listeners = new Set<pg.Client>();
  let closed = false;

  return {
    kind: "postgres",
    db,
    async listen(onPayload, onReconnect, channel = CHANGES_CHANNEL, onDisconnect) {
      let client: pg.Client | undefined;
      let stopped = false;
      const connect = async (isReconnect: boolean): Promise<void> => {
        const next = new pg.Client({ connectionString: url });
        next.on("notification", (message) => {
          if (message.channel === channel && message.payload) onPayload(message.payload);
        });
        next.on("error", (error) => {
          onDisconnect?.();
          options.onListenerError?.(error);
          listeners.delete(next);
          next.end().catch(() => undefined);
          if (!stopped && !closed) setTimeout(() => void retry(), 500);
        });
        await next.connect();
        await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
        client = next;
        listeners.add(next);
        // Changes may have been missed while disconnected: re-run everything.
        if (isReconnect) onReconnect();
      };
      const retry = async () => {
        try {
          await connect(true);
        } catch (error) {
          options.onListenerError?.(error as Error);
          if (!stopped && !closed) setTimeout(() => void retry(), 1000);
        }
      };
      await connect(false);
      return async () => {
        stopped = true;
        if (client) {
          listeners.delete(client);
          await client.end();
        }
      };
    },
    async close() {
      closed = true;
      await Promise.all([...listeners].map((c) => c.end()));
      await pool.end();
      await livePool?.end();
    },
  };
}

type Connect = () => Promise<pg.PoolClient>;

/**
 * The pool's `query` and `connect` inside `onLiveConnection` (database.ts): a connection of
 * `livePool` when there is one, else of `pool` itself, timed (the wait for the connection, then
 * the statement) for the live hub's counters. Elsewhere they are pg's own. The drizzle instance
 * stays on `pool` (a pg.Pool: drizzle takes a connection of it for a transaction).
 */
function routeLiveStatements(pool: pg.Pool, livePool: pg.Pool | undefined): void {
  const ownQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const ownConnect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  const targetConnect = (livePool ? livePool.connect.bind(livePool) : ownConnect) as Connect;
  const routed = pool as unknown as {
    query: (...args: unknown[]) => unknown;
    connect: (...args: unknown[]) => unknown;
  };
  routed.query = (...args: unknown[]) => {
    const sink = liveStatementSink();
    // pg's own (callback) form, or not the live path.
    if (!sink || typeof args[args.length - 1] === "function") {
      return sink && livePool
        ? (livePool.query as (...a: unknown[]) => unknown)(...args)
        : ownQuery(...args);
    }
    return (async () => {
      const asked = performance.now();
      const client = await targetConnect();
      const acquired = performance.now();
      let failure: Error | undefined;
      try {
        return await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
      } catch (error) {
        failure = error as Error;
        throw error;
      } finally {
        // As pg's own Pool.query: a client whose statement failed is not reused.
        client.release(failure);
        sink.statement(acquired - asked, performance.now() - acquired);
      }
    })();
  };
  routed.connect = (...args: unknown[]) => {
    const sink = liveStatementSink();
    if (!sink || args.length > 0) return ownConnect(...args);
    return (async () => {
      const asked = performance.now();
      const client = await targetConnect();
      sink.statement(performance.now() - asked, 0);
      return client;
    })();
  };
}
