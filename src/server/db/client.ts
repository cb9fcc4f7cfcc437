import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import { recordSql } from "./read-tracker.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export const CHANGES_CHANNEL = "atrium_changes";
const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
const MIGRATION_LOCK_ID = 7_316_004_211;
/** Feeds every statement to the live-query read tracker. */
const logger = { logQuery: (query: string) => recordSql(query) };

export interface Database {
  readonly kind: "pglite" | "postgres";
  readonly db: Db;
  /**
   * Receive every notification on a channel (the changes channel unless told;
   * the job workers listen on theirs). Returns a stop function.
   */
  listen(
    onPayload: (payload: string) => void,
    onReconnect: () => void,
    channel?: string,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  onListenerError?: (error: Error) => void;
}

const PGLITE_ANALYZE_EVERY_MS = 5 * 60_000;

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options)
    : openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  const dir = path.join(dataDir, "pglite");
  const release = acquireDataDirLock(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(dir, { extensions: { vector } });
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  // PGlite has no autovacuum, so nothing collects planner statistics; without
  // them joins over documents and chunks get very bad plans. Analyze at start
  // and every few minutes (cheap: sampled).
  const analyze = () =>
    client.exec("ANALYZE").catch(() => {
      /* closing, or busy: the next round will do */
    });
  await analyze();
  const analyzer = setInterval(analyze, PGLITE_ANALYZE_EVERY_MS);
  analyzer.unref();
  return {
    kind: "pglite",
    db,
    async listen(onPayload, _onReconnect, channel = CHANGES_CHANNEL) {
      const stop = await client.listen(channel, onPayload);
      return stop;
    },
    async close() {
      clearInterval(analyzer);
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const lockClient = await pool.connect();
  try {
    await lockClient.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    await lockClient.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
  } finally {
    lockClient.release();
  }
  const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
  const listeners = new Set<pg.Client>();
  let closed = false;

  return {
    kind: "postgres",
    db,
    async listen(onPayload, onReconnect, channel = CHANGES_CHANNEL) {
      let client: pg.Client | undefined;
      let stopped = false;
      const connect = async (isReconnect: boolean): Promise<void> => {
        const next = new pg.Client({ connectionString: url });
        next.on("notification", (message) => {
          if (message.channel === channel && message.payload) onPayload(message.payload);
        });
        next.on("error", (error) => {
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
