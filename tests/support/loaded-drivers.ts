import { readFileSync } from "node:fs";

/**
 * Run as a child process with tests/support/driver-hooks.ts preloaded (`node --import`) and
 * LOADED_DRIVERS_FILE set: opens the database the way the server does (PGlite in argv[2], or
 * DATABASE_URL when argv[3] is given) and prints which database drivers were loaded, in any
 * thread (PGlite's worker included), as JSON. Used by database-drivers.test.ts.
 */
const { openDatabase } = await import("../../src/server/db/client.ts");
const [dataDir, databaseUrl] = process.argv.slice(2);
const database = await openDatabase({ dataDir: dataDir!, databaseUrl });
await database.close();
const loaded = new Set(
  readFileSync(process.env.LOADED_DRIVERS_FILE!, "utf8").split("\n").filter(Boolean),
);
process.stdout.write(`${JSON.stringify({ kind: database.kind, loaded: [...loaded].sort() })}\n`);
