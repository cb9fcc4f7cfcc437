import { PGlite } from "@electric-sql/pglite";

/**
 * Child process of `pglite-initdb.ts`: creates an empty PGlite database (initdb) in the
 * directory given as its one argument, then closes it and exits. Run in its own process so
 * initdb's WebAssembly instances never live in the server's memory (decision 032).
 */
const dir = process.argv[2];
if (!dir) {
  process.stderr.write("usage: pglite-initdb-child.ts DIR\n");
  process.exit(2);
}
const client = await PGlite.create(dir);
await client.query("SELECT 1");
await client.close();
process.exit(0);
