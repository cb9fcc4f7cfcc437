import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { releaseStartupMemory } from "../lib/startup-memory.ts";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import {
  CHANGES_CHANNEL,
  type Database,
  type Db,
  MIGRATIONS_DIR,
  queryLogger,
  withDefaultPreparedStatements,
} from "./database.ts";
import { startPgliteWorker } from "./pglite-remote.ts";
import type { HopStats } from "./pglite-worker-protocol.ts";
import * as schema from "./schema.ts";

/**
 * PostgreSQL's buffer cache inside PGlite's WebAssembly memory, which never shrinks. The default
 * (128 MB) filled up at start and kept the idle server above 300 MB resident (decision 032);
 * PGlite reads through the operating system's file cache, so a smaller pool costs little. 16 MB
 * since PGlite runs in a worker thread, whose own V8 instance costs about 20 MB (decision 033,
 * "Memory over the run", lead's amendment).
 */
const PGLITE_SHARED_BUFFERS = "16MB";

/**
 * How long PGlite's worker waits for its next message before its thread goes idle (decision 032,
 * "The worker hop"). 0 by default: in the chat turn 100 µs took 83 % of the statements without a
 * thread wake-up at no measurable CPU, but on a loaded two-core machine the waiting worker took
 * the core the main thread needed (select 1: 469 against 370 µs of CPU), and the turn's CPU target
 * is met without it. ATRIUM_PGLITE_SPIN_US (0 to 10,000) sets it for the benchmarks.
 */
const PGLITE_IDLE_SPIN_US = idleSpinFromEnv(process.env.ATRIUM_PGLITE_SPIN_US, 0);

/**
 * How long a worker told a statement is coming (`Database.expectStatement`, called as the chat
 * route starts) waits for it at most, in µs: the request's token check and body parse come first.
 * ATRIUM_PGLITE_WAKE_US (0 to 10,000; 0: no hint) sets it for the benchmarks.
 */
const PGLITE_WAKE_US = idleSpinFromEnv(process.env.ATRIUM_PGLITE_WAKE_US, 1000);

function idleSpinFromEnv(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const us = Number(value);
  return Number.isFinite(us) && us >= 0 ? Math.min(us, 10_000) : fallback;
}

/**
 * Where PGlite runs (decision 032, "PGlite in a worker thread"): "worker" (the default) in a
 * worker thread of its own, so the database's CPU is off the thread that parses HTTP and
 * streams answers; "main" on the server's one JavaScript thread, as before (a host with one
 * core gains nothing from the second thread and pays its message hop).
 */
export type PgliteThread = "worker" | "main";

/** The embedded database in DATA_DIR/pglite (one process at a time: a lock file guards it). */
export async function openPglite(
  dataDir: string,
  options: {
    thread?: PgliteThread;
    /** The worker's wait for a next message before it goes idle (bench/pglite-hop.ts varies it). */
    idleSpinUs?: number;
    /** OpenOptions.onLost. */
    onLost?: (error: Error) => void;
  } = {},
): Promise<Database> {
  const dir = path.join(dataDir, "pglite");
  const release = acquireDataDirLock(dataDir);
  // Named prepared statements (decision 032, "PGlite request cost"): every statement once the
  // database is open; ATRIUM_PGLITE_PREPARED=scope only inside withPreparedStatements (the chat
  // turn), =0 never.
  const preparedMode = process.env.ATRIUM_PGLITE_PREPARED;
  let opened: Omit<Database, "kind" | "db" | "close"> & {
    client: unknown;
    hop?: HopStats;
    wake?: (us?: number) => void;
    stop(): Promise<void>;
  };
  try {
    opened =
      (options.thread ?? "worker") === "worker"
        ? await openInWorker(
            dir,
            preparedMode,
            options.idleSpinUs ?? PGLITE_IDLE_SPIN_US,
            options.onLost,
          )
        : await openInThread(dir, preparedMode);
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(opened.client as PGlite, {
    schema,
    logger: queryLogger,
  }) as unknown as Db;
  const database: Database = {
    kind: "pglite",
    db,
    statementStats: opened.statementStats,
    listen: opened.listen,
    expectStatement:
      opened.wake && PGLITE_WAKE_US > 0 ? () => opened.wake!(PGLITE_WAKE_US) : undefined,
    async close() {
      try {
        await opened.stop();
      } finally {
        release();
      }
    },
  };
  if (opened.hop) hopStats.set(database, opened.hop);
  return database;
}

const hopStats = new WeakMap<Database, HopStats>();
/**
 * The worker's waits for its next message (decision 032, "The worker hop"), read live: for the
 * benches (bench/pglite-hop.ts, bench/support/chat-turn-cpu.ts); undefined in-thread.
 */
export function pgliteHopStats(database: Database): HopStats | undefined {
  return hopStats.get(database);
}

async function openInWorker(
  dir: string,
  preparedMode: string | undefined,
  idleSpinUs: number,
  onLost: ((error: Error) => void) | undefined,
) {
  const client = await startPgliteWorker(
    { dir, preparedMode, sharedBuffers: PGLITE_SHARED_BUFFERS, idleSpinUs },
    { onLost },
  );
  try {
    // Through the worker, as any statement: drizzle's migrator stays on this thread.
    await migratePglite(drizzlePglite(client as unknown as PGlite), {
      migrationsFolder: MIGRATIONS_DIR,
    });
    await client.serve();
  } catch (error) {
    // The start-up's error is the one the caller must see (the server stops on it); closing a
    // client that failed to start may fail for the same cause, and would only hide it.
    await client.close().catch(() => {});
    throw error;
  }
  // The worker collects its own start-up garbage; this thread's is runFromCommandLine's.
  return {
    client,
    statementStats: client.stats,
    hop: client.hop,
    wake: client.wake,
    async listen(
      onPayload: (payload: string) => void,
      _onReconnect: () => void,
      channel = CHANGES_CHANNEL,
    ) {
      // Notifications arrive as messages, each in a task of its own: no statement's scope.
      return client.listen(channel, (payload) =>
        withDefaultPreparedStatements(() => onPayload(payload)),
      );
    },
    stop: () => client.close(),
  };
}

async function openInThread(dir: string, preparedMode: string | undefined) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { vector } = await import("@electric-sql/pglite-pgvector");
  const { installPreparedStatements } = await import("./pglite-prepared.ts");
  const { keepMaintained } = await import("./pglite-statistics.ts");
  const client = await PGlite.create(dir, {
    extensions: { vector, pg_trgm },
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  try {
    const prepared = installPreparedStatements(client, { enabled: preparedMode !== "0" });
    await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
    // PGlite has no autovacuum: without this nothing collects planner statistics (joins over
    // documents and chunks get very bad plans) and nothing vacuums (pglite-statistics.ts).
    const stopUpkeep = await keepMaintained(client);
    prepared.setEverywhere(preparedMode !== "scope");
    releaseStartupMemory();
    return {
      client,
      statementStats: prepared.stats,
      async listen(
        onPayload: (payload: string) => void,
        _onReconnect: () => void,
        channel = CHANGES_CHANNEL,
      ) {
        // PGlite delivers notifications from inside the statement that caused them: the work they
        // start (live-query re-runs) must not inherit that statement's prepared-statement scope
        // (the default applies to it, as to any request).
        return client.listen(channel, (payload) =>
          withDefaultPreparedStatements(() => onPayload(payload)),
        );
      },
      async stop() {
        stopUpkeep();
        await client.close();
      },
    };
  } catch (error) {
    // As above: the start-up's error is thrown, not a close's that follows from it.
    await client.close().catch(() => {});
    throw error;
  }
}
