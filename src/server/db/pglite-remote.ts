import { Worker } from "node:worker_threads";
import type { QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import { liveStatementSink, preparedStatementChoice } from "./database.ts";
import type { PreparedStatementStats } from "./pglite-prepared.ts";
import type { WorkerOptions } from "./pglite-worker.ts";
import {
  deserializeError,
  type QueryResult,
  type Reply,
  type Request,
  HOP_FIELDS,
  type HopStats,
  type SerializedError,
  STATS_FIELDS,
} from "./pglite-worker-protocol.ts";

/**
 * The main thread's side of PGlite in a worker thread (decision 032, "PGlite in a worker
 * thread"): an object with what drizzle and the server call on a PGlite client (`query`,
 * `transaction`, `exec`, `listen`, `close`), each a message to pglite-worker.ts.
 *
 * - Statements run in the order they are sent, on PGlite's one connection; a transaction's run
 *   in order while the others wait (PGlite's own transaction, in the worker), and it ends with
 *   COMMIT, or ROLLBACK when its callback throws, whose error is then rethrown.
 * - Errors are PGlite's, with every field (`code`, `detail`, `constraint`, `severity`, `query`,
 *   `params`…) and the caller's `queryOptions`; values arrive by structured clone.
 * - Notifications come in the order PGlite raised them, before the reply of the statement that
 *   raised them (as in-thread, where they run inside it).
 * - Each statement carries the caller's named-statement scope (withPreparedStatements…), which
 *   the worker applies.
 */

type Pending = {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  /** The caller's options, for the error it may get. */
  options?: QueryOptions;
};

type RemoteRequest = Request extends infer R
  ? R extends { id: number }
    ? Omit<R, "id">
    : never
  : never;

export interface RemotePglite {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  /** Once migrated: the worker analyzes, then runs every statement as a named one. */
  serve(): Promise<void>;
  /**
   * A statement is coming within `us`: an idle worker waits for it instead of sleeping, so it
   * does not pay the thread's wake-up (decision 032, "The worker hop"). No answer; never blocks.
   */
  wake(us?: number): void;
  close(): Promise<void>;
  /** Stops the thread at once without closing the database, as a crash would (tests). */
  kill(): Promise<void>;
  readonly closed: boolean;
  /** The worker's prepared-statement counters, read live from shared memory. */
  readonly stats: PreparedStatementStats;
  /** The worker's waits for its next message (decision 032, "The worker hop"), read live. */
  readonly hop: HopStats;
}

/** How long a `wake` keeps an idle worker waiting for the statement it announces. */
const DEFAULT_WAKE_US = 1_000;

export class PgliteClosedError extends Error {
  override name = "Error";
  constructor() {
    super("PGlite is closed");
  }
}

/**
 * Starts the worker, waits until the database is open (then migrate it, then `serve`).
 * `onLost`: the worker stopped other than through `close` (a crash in its thread): every
 * statement fails from then on, so the process should stop and be started again.
 */
export async function startPgliteWorker(
  options: WorkerOptions,
  events: { onLost?: (error: Error) => void } = {},
): Promise<RemotePglite> {
  const worker = new Worker(new URL("./pglite-worker.ts", import.meta.url), {
    workerData: options,
    // A small young generation, as the main thread's --max-semi-space-size=8 (idle memory).
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
    // The worker's own console output goes where the process's does, as before.
    stdout: false,
    stderr: false,
  });
  const pending = new Map<number, Pending>();
  const listeners = new Map<number, (payload: string) => void>();
  let nextId = 0;
  let nextListener = 0;
  let closed = false;
  let gone: Error | undefined;

  const failAll = (error: Error) => {
    gone = error;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };

  const { stats, hop } = await new Promise<{
    stats: PreparedStatementStats;
    hop: HopStats;
  }>((resolve, reject) => {
    const onStartExit = (code: number) =>
      reject(new Error(`the PGlite worker stopped while opening the database (exit code ${code})`));
    worker.once("exit", onStartExit);
    worker.once("error", reject);
    worker.on("message", function onStart(reply: Reply) {
      if (reply.kind !== "ready" && reply.kind !== "failed") return;
      worker.off("message", onStart);
      worker.off("exit", onStartExit);
      worker.off("error", reject);
      if (reply.kind === "failed") {
        reject(deserializeError(reply.error));
        void worker.terminate();
      } else {
        worker.unref();
        resolve({
          stats: readStats(reply.stats, STATS_FIELDS, 0),
          hop: readStats(reply.stats, HOP_FIELDS, STATS_FIELDS.length),
        });
      }
    });
  });

  worker.on("message", (reply: Reply) => {
    if (reply.kind === "notify") {
      listeners.get(reply.listener)?.(reply.payload);
      return;
    }
    if (reply.kind !== "ok" && reply.kind !== "error") return;
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (reply.kind === "ok") call.resolve(reply.value);
    else call.reject(toCallerError(reply.error, call));
  });
  worker.on("error", (error) => failAll(error));
  worker.on("exit", (code) => {
    if (closed) {
      failAll(new PgliteClosedError());
      return;
    }
    // An uncaught error in the thread came first ("error"): it is the cause.
    const error = new Error(`the PGlite worker stopped (exit code ${code})`, { cause: gone });
    failAll(error);
    events.onLost?.(error);
  });

  const call = <T>(request: RemoteRequest, options?: QueryOptions): Promise<T> => {
    if (gone) return Promise.reject(gone);
    if (closed) return Promise.reject(new PgliteClosedError());
    const id = ++nextId;
    return new Promise<T>((resolve, reject) => {
      // The worker keeps the process alive only while a call waits on it (in-thread, an idle
      // PGlite did not either).
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject, options });
      worker.postMessage({ ...request, id } as Request);
    });
  };

  const query = async <T>(
    text: string,
    params: unknown[] = [],
    options: QueryOptions | undefined,
    tx: number | undefined,
  ): Promise<Results<T>> => {
    if (options?.serializers || options?.blob || options?.onNotice || options?.paramTypes) {
      throw new Error(
        "PGlite through its worker: serializers, blob, onNotice and paramTypes are not supported",
      );
    }
    const parsers = options?.parsers;
    const rawTypes = parsers ? Object.keys(parsers).map(Number) : undefined;
    const result = await call<QueryResult>(
      {
        op: "query",
        text,
        params,
        rowMode: options?.rowMode,
        rawTypes,
        prepared: preparedStatementChoice(),
        tx,
        live: tx === undefined && liveStatementSink() !== undefined ? true : undefined,
      },
      options,
    );
    return toResults<T>(result, options);
  };

  const transaction = async <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => {
    const id = await call<number>({ op: "begin" });
    let ended = false;
    const end = async (commit: boolean) => {
      if (ended) return;
      ended = true;
      await call({ op: "end", tx: id, commit });
    };
    const tx: Transaction = {
      query: (text, params, options) => {
        if (ended) return Promise.reject(new Error("Transaction is closed"));
        return query(text, params, options, id);
      },
      exec: async (text) => {
        if (ended) throw new Error("Transaction is closed");
        return (await call<QueryResult[]>({ op: "exec", text, tx: id })).map((r) =>
          toResults(r, undefined),
        );
      },
      sql: () => Promise.reject(new Error("PGlite through its worker: tx.sql is not supported")),
      rollback: () => end(false),
      listen: () =>
        Promise.reject(new Error("PGlite through its worker: tx.listen is not supported")),
      get closed() {
        return ended;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      // PGlite's transaction: ROLLBACK, then the callback's error.
      if (!ended) await end(false).catch(() => {});
      throw error;
    }
    await end(true);
    return result;
  };

  return {
    query: (text, params, options) => query(text, params, options, undefined),
    exec: async (text) =>
      (await call<QueryResult[]>({ op: "exec", text })).map((r) => toResults(r, undefined)),
    transaction,
    async listen(channel, callback) {
      const listener = ++nextListener;
      listeners.set(listener, callback);
      try {
        await call({ op: "listen", listener, channel });
      } catch (error) {
        listeners.delete(listener);
        throw error;
      }
      return async () => {
        listeners.delete(listener);
        if (!closed && !gone) await call({ op: "unlisten", listener });
      };
    },
    async serve() {
      await call({ op: "serve" });
    },
    wake(us = DEFAULT_WAKE_US) {
      if (closed || gone) return;
      worker.postMessage({ op: "wake", id: 0, us } satisfies Request);
    },
    async close() {
      if (closed) return;
      try {
        // After every statement already sent (the worker takes messages in order).
        await call({ op: "close" });
      } finally {
        closed = true;
        await worker.terminate();
      }
    },
    async kill() {
      await worker.terminate();
    },
    get closed() {
      return closed;
    },
    stats,
    hop,
  };
}

/** PGlite's result as the caller asked for it: object rows, the caller's own parsers applied. */
function toResults<T>(result: QueryResult, options: QueryOptions | undefined): Results<T> {
  const { fields } = result;
  let rows: unknown[] = result.rows;
  const parsers = options?.parsers;
  if (parsers) {
    // Called as PGlite calls a parser: the text, then the type id.
    const parsed = fields.map(
      (field) =>
        parsers[field.dataTypeID] as ((value: string, typeId: number) => unknown) | undefined,
    );
    if (parsed.some(Boolean)) {
      for (const row of result.rows) {
        for (let i = 0; i < parsed.length; i++) {
          const parse = parsed[i];
          if (parse && row[i] !== null) row[i] = parse(row[i] as string, fields[i]!.dataTypeID);
        }
      }
    }
  }
  if (options?.rowMode !== "array") {
    rows = result.rows.map((values) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < fields.length; i++) row[fields[i]!.name] = values[i];
      return row;
    });
  }
  return {
    rows: rows as T[],
    fields,
    affectedRows: result.affectedRows,
    command: result.command,
    rowCount: result.rowCount,
  } as Results<T>;
}

function toCallerError(error: SerializedError, call: Pending): Error {
  // PGlite's error carries the query's options (with the caller's parsers): the caller's own.
  const extra: Record<string, unknown> =
    error.fields.query !== undefined && call.options ? { queryOptions: call.options } : {};
  return deserializeError(error, extra);
}

function readStats<F extends string>(
  buffer: SharedArrayBuffer,
  fields: readonly F[],
  offset: number,
): Record<F, number> {
  const counters = new Float64Array(buffer);
  const stats = {} as Record<F, number>;
  fields.forEach((field, i) => {
    Object.defineProperty(stats, field, { get: () => counters[offset + i], enumerable: true });
  });
  return stats;
}
