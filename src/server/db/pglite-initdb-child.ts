import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { vector } from "@electric-sql/pglite-pgvector";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_DIR } from "./database.ts";

/**
 * Child process of `pglite-initdb.ts`: creates an empty PGlite database (initdb) in the
 * directory given as its one argument, applies the migrations, closes it and exits. Run in its
 * own process so neither initdb's WebAssembly instances nor the first migration's work stay in
 * the server's memory (decision 032). The extensions are those `pglite.ts` opens it with.
 */
const dir = process.argv[2];
if (!dir) {
  process.stderr.write("usage: pglite-initdb-child.ts DIR\n");
  process.exit(2);
}
const client = await PGlite.create(dir, { extensions: { vector, pg_trgm } });
await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
await client.close();
process.exit(0);
