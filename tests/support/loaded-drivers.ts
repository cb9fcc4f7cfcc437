import { registerHooks } from "node:module";

/**
 * Run as a child process: opens the database the way the server does (PGlite
 * in argv[2], or DATABASE_URL when argv[3] is given) and prints which
 * database drivers were loaded, as JSON. Used by database-drivers.test.ts.
 */
const loaded = new Set<string>();
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === "pg" || specifier.startsWith("@electric-sql/pglite")) loaded.add(specifier);
    return nextResolve(specifier, context);
  },
});

const { openDatabase } = await import("../../src/server/db/client.ts");
const [dataDir, databaseUrl] = process.argv.slice(2);
const database = await openDatabase({ dataDir: dataDir!, databaseUrl });
await database.close();
process.stdout.write(`${JSON.stringify({ kind: database.kind, loaded: [...loaded].sort() })}\n`);
