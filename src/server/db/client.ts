import type { Database, OpenOptions } from "./database.ts";
import { createPgliteDataDir } from "./pglite-initdb.ts";

/**
 * Open the database: PostgreSQL when DATABASE_URL is set, else the embedded
 * PGlite. Only the driver in use is loaded.
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { openPostgres } = await import("./postgres.ts");
    return openPostgres(options.databaseUrl, options);
  }
  // A new data dir is created in a child process first (decision 032: initdb's memory).
  await createPgliteDataDir(options.dataDir);
  const { openPglite } = await import("./pglite.ts");
  return openPglite(options.dataDir, { thread: options.pgliteThread, onLost: options.onLost });
}
