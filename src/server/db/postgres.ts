import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import {
  CHANGES_CHANNEL,
  type Database,
  type Db,
  MIGRATIONS_DIR,
  type OpenOptions,
  queryLogger,
} from "./database.ts";
import * as schema from "./schema.ts";

const MIGRATION_LOCK_ID = 7_316_004_211;

/** PostgreSQL at DATABASE_URL: a pool, migrations under an advisory lock, LISTEN for changes. */
export async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  const lockClient = await pool.connect();
  try {
    await lockClient.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    await lockClient.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
  } finally {
    lockClient.release();
  }
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
    },
  };
}
