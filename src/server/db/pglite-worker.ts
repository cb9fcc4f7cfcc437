import {
  type MessagePort,
  parentPort,
  receiveMessageOnPort,
  workerData,
} from "node:worker_threads";
import { PGlite, type Results, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { vector } from "@electric-sql/pglite-pgvector";
import { releaseStartupMemory } from "../lib/startup-memory.ts";
import { withoutPreparedStatements, withPreparedStatements } from "./database.ts";
import { installPreparedStatements, type PreparedStatementStats } from "./pglite-prepared.ts";
import { keepMaintained } from "./pglite-statistics.ts";
import {
  type QueryRequest,
  type QueryResult,
  type Reply,
  type Request,
  HOP_FIELDS,
  STATS_FIELDS,
  serializeError,
} from "./pglite-worker-protocol.ts";

/**
 * The thread PGlite runs on (decision 032, "PGlite in a worker thread"): opened here, migrated by
 * the main thread through the protocol (drizzle's migrator stays out of this thread's memory),
 * its statistics and VACUUM kept here once told (`serve`; pglite-statistics.ts), then every
 * statement of the server arrives as a message (pglite-worker-protocol.ts) from
 * pglite-remote.ts. Its CPU is this thread's, not the main thread's, which parses HTTP, JSON and
 * the AI SDK's streams meanwhile.
 */

export interface WorkerOptions {
  /** DATA_DIR/pglite. */
  dir: string;
  /** ATRIUM_PGLITE_PREPARED as read by the main thread ("0", "scope" or unset). */
  preparedMode?: string;
  sharedBuffers: string;
  /**
   * Once its queue is empty, the worker keeps checking for the next message this long before
   * its thread goes idle (0: never), so a request's next statement does not pay a thread's
   * wake-up (decision 032, "The worker hop").
   */
  idleSpinUs?: number;
}

const PASSTHROUGH = (value: string) => value;

async function main(port: MessagePort, options: WorkerOptions): Promise<void> {
  const post = (reply: Reply) => port.postMessage(reply);
  let client: PGlite;
  const shared = new SharedArrayBuffer(
    (STATS_FIELDS.length + HOP_FIELDS.length) * Float64Array.BYTES_PER_ELEMENT,
  );
  const hop = new Float64Array(shared, STATS_FIELDS.length * Float64Array.BYTES_PER_ELEMENT);
  try {
    client = await PGlite.create(options.dir, {
      extensions: { vector, pg_trgm },
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${options.sharedBuffers}`],
    });
  } catch (error) {
    post({ kind: "failed", error: serializeError(error) });
    return;
  }
  let stopUpkeep: (() => void) | undefined;
  // Migrations (sent by the main thread) run with PGlite's own unnamed statements.
  const prepared = installPreparedStatements(client, {
    enabled: options.preparedMode !== "0",
    stats: sharedStats(shared),
  });

  const transactions = new Map<number, OpenTransaction>();
  const listeners = new Map<number, Promise<() => Promise<void>>>();
  let closing = false;

  const handle = async (request: Request): Promise<unknown> => {
    switch (request.op) {
      case "query": {
        const target = request.tx === undefined ? client : transactionOf(request.tx).tx;
        return toQueryResult(await inScope(request.prepared, () => runQuery(target, request)));
      }
      case "exec": {
        const target = request.tx === undefined ? client : transactionOf(request.tx).tx;
        const results = await target.exec(request.text);
        return results.map((result) => toQueryResult(result));
      }
      case "begin":
        return begin();
      case "end": {
        const open = transactionOf(request.tx);
        transactions.delete(request.tx);
        open.end(request.commit);
        return open.done;
      }
      case "listen": {
        const stop = client.listen(request.channel, (payload) =>
          post({ kind: "notify", listener: request.listener, payload }),
        );
        listeners.set(request.listener, stop);
        await stop;
        return null;
      }
      case "unlisten": {
        const stop = listeners.get(request.listener);
        listeners.delete(request.listener);
        if (stop) await (await stop)();
        return null;
      }
      case "serve": {
        // Migrated: statistics and VACUUM, named statements everywhere, start-up garbage.
        stopUpkeep?.();
        stopUpkeep = await keepMaintained(client, { quietMs });
        prepared.setEverywhere(options.preparedMode !== "scope");
        releaseStartupMemory();
        return null;
      }
      case "wake":
        return null;
      case "close": {
        closing = true;
        stopUpkeep?.();
        await client.close();
        return null;
      }
    }
  };

  const transactionOf = (id: number): OpenTransaction => {
    const open = transactions.get(id);
    if (!open) throw new Error("Transaction is closed");
    return open;
  };

  let nextTransaction = 0;
  /**
   * PGlite's own transaction: it waits for the lock, sends BEGIN, runs the statements that
   * arrive for it (others wait, as in-thread), then COMMIT, or ROLLBACK when the caller failed.
   */
  const begin = () =>
    new Promise<number>((started, failedToStart) => {
      const id = ++nextTransaction;
      let began = false;
      const open = { end: (_commit: boolean) => {} } as OpenTransaction;
      open.done = client
        .transaction(
          (tx) =>
            new Promise<void>((commit, rollback) => {
              began = true;
              open.tx = tx;
              open.end = (ok) => (ok ? commit() : rollback(ROLLED_BACK));
              transactions.set(id, open);
              started(id);
            }),
        )
        .then(
          () => null,
          (error) => {
            if (!began) failedToStart(error);
            if (error === ROLLED_BACK) return null;
            throw error;
          },
        );
      // Not awaited when it failed to start (the begin request got the error).
      open.done.catch(() => {});
    });

  /**
   * Statements outside a transaction wait here, one at a time into PGlite, the live path's first
   * (decision 034, "The live path first on PGlite"): PGlite runs one statement at a time in the
   * order asked, so with a hundred requests' statements queued a live re-run waited behind all of
   * them. A transaction takes one turn from its BEGIN to its end; its own statements and end,
   * listen and close go straight on.
   */
  const waiting: { live: Array<() => Promise<void>>; other: Array<() => Promise<void>> } = {
    live: [],
    other: [],
  };
  let pumping = false;
  const pump = async () => {
    pumping = true;
    for (;;) {
      const job = waiting.live.shift() ?? waiting.other.shift();
      if (!job) break;
      await job();
    }
    pumping = false;
  };

  /**
   * The worker's hop (decision 032, "The worker hop"): with nothing left to run, the thread
   * would sleep until the next message, and waking it costs more than the statement's own
   * round trip. A request's statements come a few hundred microseconds apart (its JavaScript
   * runs between them on the main thread), so the worker first looks for the next message
   * itself for `idleSpinUs`, then goes idle.
   */
  const spinUs = options.idleSpinUs ?? 0;
  let inFlight = 0;
  /** When the server's last statement here ended (or, while one runs, 0 quiet: quietMs). */
  let lastActiveAt = performance.now();
  const settle = (reply: Reply) => {
    post(reply);
    lastActiveAt = performance.now();
    if (--inFlight === 0 && spinUs > 0 && !closing) awaitNext();
  };
  /**
   * How long nothing of the server's has run or waited here: no statement in flight or queued,
   * no transaction open (the upkeep's large VACUUMs wait for it, pglite-statistics.ts).
   */
  const quietMs = () =>
    inFlight > 0 ||
    pumping ||
    transactions.size > 0 ||
    waiting.live.length > 0 ||
    waiting.other.length > 0
      ? 0
      : performance.now() - lastActiveAt;
  const awaitNext = (us = spinUs) => {
    if (waiting.live.length > 0 || waiting.other.length > 0) return;
    const from = performance.now();
    const until = from + us / 1000;
    hop[0]!++;
    let now = from;
    do {
      const next = receiveMessageOnPort(port);
      if (next) {
        hop[1]!++;
        hop[2]! += (performance.now() - from) * 1000;
        onMessage(next.message as Request);
        return;
      }
      now = performance.now();
    } while (now < until);
    hop[2]! += (now - from) * 1000;
  };

  const onMessage = (request: Request) => {
    if (request.op === "wake") {
      // Nothing to answer: wait for the statement announced, unless busy already.
      if (inFlight === 0 && !pumping && !closing) awaitNext(Math.min(request.us, MAX_WAKE_US));
      return;
    }
    if (closing && request.op !== "close") {
      post({ kind: "error", id: request.id, error: serializeError(new Error("PGlite is closed")) });
      return;
    }
    const run = () => {
      inFlight++;
      return handle(request).then(
        (value) => settle({ kind: "ok", id: request.id, value }),
        (error) => settle({ kind: "error", id: request.id, error: serializeError(error) }),
      );
    };
    if ((request.op === "query" || request.op === "exec") && request.tx === undefined) {
      (request.op === "query" && request.live ? waiting.live : waiting.other).push(run);
      if (!pumping) void pump();
    } else if (request.op === "begin") {
      // A transaction holds PGlite from its BEGIN to its end (PGlite's lock did so already):
      // it takes its turn in the queue, so a live statement asked meanwhile goes before it.
      waiting.other.push(async () => {
        let id: number;
        try {
          id = await begin();
        } catch (error) {
          post({ kind: "error", id: request.id, error: serializeError(error) });
          return;
        }
        const open = transactions.get(id);
        post({ kind: "ok", id: request.id, value: id });
        // The transaction's first statement comes next, from the main thread.
        if (inFlight === 0 && spinUs > 0) awaitNext();
        // Its turn lasts until COMMIT or ROLLBACK has run; COMMIT's error is the `end` request's
        // answer (case "end" returns `open.done`), not this queue's.
        await open?.done.catch(() => {});
      });
      if (!pumping) void pump();
    } else {
      void run();
    }
  };
  port.on("message", onMessage);
  post({ kind: "ready", stats: shared });
}

interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean) => void;
  /** Settles once COMMIT or ROLLBACK has run (rejects with COMMIT's error). */
  done: Promise<null>;
}

const ROLLED_BACK = Symbol("rolled back");
/** The longest a `wake` keeps the worker waiting for the statement it announced. */
const MAX_WAKE_US = 5_000;

function runQuery(target: PGlite | Transaction, request: QueryRequest): Promise<Results<unknown>> {
  const parsers = request.rawTypes?.length
    ? Object.fromEntries(request.rawTypes.map((type) => [type, PASSTHROUGH]))
    : undefined;
  // Rows as arrays whatever the caller's mode: names go once, in `fields`.
  return target.query(request.text, request.params, { rowMode: "array", parsers });
}

function inScope<T>(prepared: boolean | undefined, fn: () => T): T {
  if (prepared === true) return withPreparedStatements(fn);
  if (prepared === false) return withoutPreparedStatements(fn);
  return fn();
}

function toQueryResult(result: Results<unknown>): QueryResult {
  return {
    rows: result.rows as unknown[][],
    fields: result.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
    affectedRows: result.affectedRows,
    command: result.command,
    rowCount: result.rowCount,
  };
}

/** The prepared-statement counters in memory the main thread reads (database.statementStats). */
function sharedStats(buffer: SharedArrayBuffer): PreparedStatementStats {
  const counters = new Float64Array(buffer);
  const stats = {} as PreparedStatementStats;
  STATS_FIELDS.forEach((field, i) => {
    Object.defineProperty(stats, field, {
      get: () => counters[i],
      set: (value: number) => {
        counters[i] = value;
      },
      enumerable: true,
    });
  });
  return stats;
}

if (parentPort) await main(parentPort, workerData as WorkerOptions);
