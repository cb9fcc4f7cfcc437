import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { vector } from "@electric-sql/pglite-pgvector";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import {
  CHANGES_CHANNEL,
  type Database,
  type Db,
  MIGRATIONS_DIR,
  queryLogger,
  withDefaultPreparedStatements,
} from "./database.ts";
import { installPreparedStatements } from "./pglite-prepared.ts";
import * as schema from "./schema.ts";

const PGLITE_ANALYZE_EVERY_MS = 5 * 60_000;
/**
 * PostgreSQL's buffer cache inside PGlite's WebAssembly memory, which never shrinks. The default
 * (128 MB) filled up at start and kept the idle server above 300 MB resident (decision 032);
 * PGlite reads through the operating system's file cache, so a smaller pool costs little.
 */
const PGLITE_SHARED_BUFFERS = "32MB";

/** The embedded database in DATA_DIR/pglite (one process at a time: a lock file guards it). */
export async function openPglite(dataDir: string): Promise<Database> {
  const dir = path.join(dataDir, "pglite");
  const release = acquireDataDirLock(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(dir, {
      extensions: { vector, pg_trgm },
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
  } catch (error) {
    release();
    throw error;
  }
  // Named prepared statements (decision 032, "PGlite request cost"): every statement once the
  // database is open; ATRIUM_PGLITE_PREPARED=scope only inside withPreparedStatements (the chat
  // turn), =0 never.
  const preparedMode = process.env.ATRIUM_PGLITE_PREPARED;
  const prepared = installPreparedStatements(client, { enabled: preparedMode !== "0" });
  const db = drizzlePglite(client, { schema, logger: queryLogger }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  // PGlite has no autovacuum, so nothing collects planner statistics; without
  // them joins over documents and chunks get very bad plans. Analyze at start
  // and every few minutes (cheap: sampled).
  const analyze = () =>
    client.exec("ANALYZE").catch(() => {
      /* closing, or busy: the next round will do */
    });
  await analyze();
  prepared.setEverywhere(preparedMode !== "scope");
  collectStartupGarbage();
  const analyzer = setInterval(analyze, PGLITE_ANALYZE_EVERY_MS);
  analyzer.unref();
  return {
    kind: "pglite",
    db,
    statementStats: prepared.stats,
    async listen(onPayload, _onReconnect, channel = CHANGES_CHANNEL) {
      // PGlite delivers notifications from inside the statement that caused them: the work they
      // start (live-query re-runs) must not inherit that statement's prepared-statement scope
      // (the default applies to it, as to any request).
      const stop = await client.listen(channel, (payload) =>
        withDefaultPreparedStatements(() => onPayload(payload)),
      );
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

/**
 * One full garbage collection once the database is open (decision 032). A new data dir is made
 * by a second, throwaway PGlite instance (initdb) whose WebAssembly memory (200+ MB) is freed
 * only when its objects are collected, and V8 does not count that memory as pressure: with a
 * small heap no major collection came for minutes, and the idle server kept it all. `gc` is
 * reachable at run time through --expose-gc in a fresh context.
 */
function collectStartupGarbage(): void {
  try {
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as (() => void) | undefined;
    gc?.();
  } catch {
    // Not essential: memory is returned at the next major collection.
  }
}
