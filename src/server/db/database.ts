import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type ExtractTablesWithRelations, is } from "drizzle-orm";
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { recordSql } from "./read-tracker.ts";
import type * as schema from "./schema.ts";

/**
 * What the rest of the server sees of the database, whichever driver is in
 * use (pglite.ts or postgres.ts, loaded by client.ts's openDatabase).
 */

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

/**
 * Several reads whose answers are needed together: at once on the database (each takes a
 * connection of its own), one after another in a transaction. A transaction has one
 * connection, on which node-postgres would queue them itself, a use it deprecates ("Calling
 * client.query() when the client is already executing a query") and pg 9 refuses.
 */
export async function readTogether<T extends readonly unknown[]>(
  executor: Executor,
  reads: { readonly [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  if (!is(executor, PgTransaction)) {
    return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  }
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as unknown as T;
}

export const CHANGES_CHANNEL = "atrium_changes";
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
/** Feeds every statement to the live-query read tracker. */
export const queryLogger = { logQuery: (query: string) => recordSql(query) };

export interface Database {
  readonly kind: "pglite" | "postgres";
  readonly db: Db;
  /**
   * Receive every notification on a channel (the changes channel unless told;
   * the job workers listen on theirs). Returns a stop function. `onDisconnect`: the connection
   * was lost, and notifications until `onReconnect` may be missed (PostgreSQL only).
   */
  listen(
    onPayload: (payload: string) => void,
    onReconnect: () => void,
    channel?: string,
    onDisconnect?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * A hint that a statement is about to come (PGlite in its worker thread: the worker waits for
   * it instead of going to sleep, which saves the thread's wake-up on a request's first
   * statement; decision 032, "The worker hop"). Absent elsewhere; never blocks, never fails.
   */
  readonly expectStatement?: () => void;
  /** PGlite: statements run, and how many as named prepared statements (pglite-prepared.ts). */
  readonly statementStats?: {
    statements: number;
    executed: number;
    prepared: number;
    fallbacks: number;
    closed: number;
  };
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  /**
   * PostgreSQL: connections in the pool. The server and the CLI pass DATABASE_POOL_SIZE
   * (config.ts's defaultDatabasePoolSize when unset); a caller that gives none (tests) gets 10.
   */
  poolSize?: number;
  /**
   * PostgreSQL: connections of the live path's own pool (LIVE_DATABASE_POOL_SIZE; 0 or unset:
   * live re-runs share the main pool). Statements started inside `onLiveConnection` use it.
   */
  livePoolSize?: number;
  /** PGlite: on a worker thread of its own (the default) or the main thread (PGLITE_THREAD). */
  pgliteThread?: "worker" | "main";
  onListenerError?: (error: Error) => void;
  /**
   * The database is gone for good: PGlite's worker thread stopped other than through `close` (a
   * crash in that thread). Every statement fails from then on; in-thread, the same crash would
   * have stopped the process, so the caller should stop it (main.ts does).
   */
  onLost?: (error: Error) => void;
}

const preparedStatementScope = new AsyncLocalStorage<boolean>();

/**
 * Runs `fn` with named prepared statements for the statements it starts (decision 032, "The
 * chat path"): on PGlite each statement text is parsed and planned once (pglite-prepared.ts);
 * on PostgreSQL this changes nothing (the hot statements are named with drizzle's
 * `.prepare(name)` there, which node-postgres prepares once per connection).
 */
export function withPreparedStatements<T>(fn: () => T): T {
  return preparedStatementScope.run(true, fn);
}

export function inPreparedStatementScope(): boolean {
  return preparedStatementScope.getStore() === true;
}

/**
 * What the innermost scope asked for: true (withPreparedStatements), false
 * (withoutPreparedStatements), or undefined (no scope: the driver's default; on PGlite named
 * statements everywhere once the database is open, decision 032 "PGlite request cost").
 */
export function preparedStatementChoice(): boolean | undefined {
  return preparedStatementScope.getStore();
}

/** Runs `fn` with PGlite's own unnamed statements (work whose statement texts vary in shape). */
export function withoutPreparedStatements<T>(fn: () => T): T {
  return preparedStatementScope.run(false, fn);
}

/** Runs `fn` outside any scope (the driver's default), e.g. work a notification starts. */
export function withDefaultPreparedStatements<T>(fn: () => T): T {
  return preparedStatementScope.exit(fn);
}

/** Told of every statement run inside `onLiveConnection` (the live hub's counters). */
export interface LiveStatementSink {
  /** Waited `acquireMs` for a connection, then the statement took `runMs` (PostgreSQL only). */
  statement(acquireMs: number, runMs: number): void;
}

const liveConnectionScope = new AsyncLocalStorage<LiveStatementSink>();

/**
 * Runs `fn` as the live path (decision 034, "The live path's own connections"): on PostgreSQL
 * the statements it starts (and whatever it schedules: a shared page, a batch) take a
 * connection of the live pool when there is one (LIVE_DATABASE_POOL_SIZE), so they do not
 * queue behind the requests, and report their connection wait and run time to `sink`. On
 * PGlite (one connection, one queue) it changes nothing.
 */
export function onLiveConnection<T>(sink: LiveStatementSink, fn: () => T): T {
  return liveConnectionScope.run(sink, fn);
}

/** The live path's sink, when the caller runs inside `onLiveConnection`. */
export function liveStatementSink(): LiveStatementSink | undefined {
  return liveConnectionScope.getStore();
}
