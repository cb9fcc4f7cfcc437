/**
 * The messages between the server's main thread (pglite-remote.ts) and the thread PGlite runs
 * on (pglite-worker.ts), decision 032 "PGlite in a worker thread". Values go by structured clone
 * (Dates, Uint8Array, bigint, nested arrays and objects survive as they are); functions do not,
 * so a query's parsers travel as the type ids they apply to (see `QueryRequest.rawTypes`).
 */

/** The caller's named-statement scope (database.ts's preparedStatementChoice), per statement. */
export type PreparedChoice = boolean | undefined;

export interface QueryRequest {
  op: "query";
  id: number;
  text: string;
  params: unknown[];
  rowMode?: "array" | "object";
  /**
   * Type ids the caller has its own parser for: the worker returns their values as PostgreSQL's
   * text, and the main thread applies the caller's parser to it (drizzle keeps timestamps,
   * dates, intervals and numeric arrays as text this way).
   */
  rawTypes?: number[];
  prepared: PreparedChoice;
  /** The transaction it belongs to (from `begin`), if any. */
  tx?: number;
  /**
   * A live re-run's statement (`onLiveConnection`): the worker runs it before the requests'
   * statements waiting beside it (decision 034, "The live path first on PGlite").
   */
  live?: boolean;
}

export interface ExecRequest {
  op: "exec";
  id: number;
  text: string;
  tx?: number;
}

/** Starts a transaction once PGlite's lock is free; the reply is its number. */
export interface BeginRequest {
  op: "begin";
  id: number;
}

/** Ends a transaction: COMMIT, or ROLLBACK when `commit` is false. */
export interface EndRequest {
  op: "end";
  id: number;
  tx: number;
  commit: boolean;
}

export interface ListenRequest {
  op: "listen";
  id: number;
  /** The main thread's number for this listener, repeated in each notification. */
  listener: number;
  channel: string;
}

export interface UnlistenRequest {
  op: "unlisten";
  id: number;
  listener: number;
}

/** Once migrated: ANALYZE, named statements everywhere, then ANALYZE every few minutes. */
export interface ServeRequest {
  op: "serve";
  id: number;
}

export interface CloseRequest {
  op: "close";
  id: number;
}

/**
 * A statement is coming (decision 032, "The worker hop"): the worker, if idle, waits for it up
 * to `us` instead of sleeping until it comes. No reply; `id` is unused.
 */
export interface WakeRequest {
  op: "wake";
  id: number;
  us: number;
}

export type Request =
  | QueryRequest
  | ExecRequest
  | BeginRequest
  | EndRequest
  | ListenRequest
  | UnlistenRequest
  | ServeRequest
  | CloseRequest
  | WakeRequest;

/** A query's result. Object rows travel as arrays with `fields` (names once, not per row). */
export interface QueryResult {
  rows: unknown[][];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
  command?: string;
  rowCount?: number;
}

export type Reply =
  | { kind: "ok"; id: number; value: unknown }
  | { kind: "error"; id: number; error: SerializedError }
  | { kind: "notify"; listener: number; payload: string }
  /** Once at start: the database is open (not yet migrated); the counters' shared memory. */
  | { kind: "ready"; stats: SharedArrayBuffer }
  | { kind: "failed"; error: SerializedError };

/** The fields of PGlite's DatabaseError (and of any error) that cross as they are. */
export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  /** Own enumerable fields that clone (code, detail, constraint, severity, query, params…). */
  fields: Record<string, unknown>;
  cause?: SerializedError;
}

export const STATS_FIELDS = ["statements", "executed", "prepared", "fallbacks", "closed"] as const;

/**
 * The worker's wait for its next message (decision 032, "The worker hop"), after the statement
 * counters in the same shared memory: how often it waited, how often a message came meanwhile
 * (a thread wake-up saved), and the microseconds spent waiting.
 */
export const HOP_FIELDS = ["idleWaits", "idleWaitHits", "idleWaitUs"] as const;
export type HopStats = Record<(typeof HOP_FIELDS)[number], number>;

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    return { name: "Error", message: String(error), fields: {} };
  }
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    // PGlite's queryOptions hold the caller's parsers (functions): the caller puts its own back.
    if (key === "queryOptions" || key === "cause" || typeof value === "function") continue;
    if (cloneable(value)) fields[key] = value;
  }
  const out: SerializedError = {
    name: error.name,
    message: error.message,
    stack: error.stack,
    fields,
  };
  if (error.cause !== undefined && depth < 4) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/** The error as the caller would have had it in-thread: same message, name, fields and stack. */
export function deserializeError(
  serialized: SerializedError,
  extra: Record<string, unknown> = {},
): Error {
  const error = new Error(serialized.message) as Error & Record<string, unknown>;
  Object.defineProperty(error, "name", {
    value: serialized.name,
    writable: true,
    configurable: true,
    enumerable: false,
  });
  Object.assign(error, serialized.fields, extra);
  error.stack = serialized.stack ?? `${serialized.name}: ${serialized.message}`;
  if (serialized.cause) error.cause = deserializeError(serialized.cause);
  return error;
}

function cloneable(value: unknown, depth = 0): boolean {
  if (value === null || value === undefined) return true;
  const type = typeof value;
  if (type === "string" || type === "number" || type === "boolean" || type === "bigint")
    return true;
  if (type !== "object" || depth > 8) return false;
  if (value instanceof Date || ArrayBuffer.isView(value)) return true;
  if (Array.isArray(value)) return value.every((item) => cloneable(item, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value as object).every((item) => cloneable(item, depth + 1));
}
