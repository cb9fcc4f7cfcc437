import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { vector } from "@electric-sql/pglite-pgvector";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { MIGRATIONS_DIR } from "../../src/server/db/database.ts";
import { freshPostgresUrl } from "./databases.ts";
import type { DbKind } from "./server.ts";

/** Plain SQL on the database under test, rows as objects. */
export type Query = (text: string) => Promise<Array<Record<string, unknown>>>;

/** A copy of the migrations folder holding only those before `tag`. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "atrium-migrations-"));
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8"));
  const index = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  if (index < 0) throw new Error(`no migration ${tag}`);
  const entries = journal.entries.slice(0, index);
  mkdirSync(path.join(dir, "meta"));
  writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const file of readdirSync(MIGRATIONS_DIR)) {
    if (entries.some((entry: { tag: string }) => file === `${entry.tag}.sql`)) {
      cpSync(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
    }
  }
  return dir;
}

/**
 * A data migration tested over old rows: a fresh database migrated up to just before `tag`,
 * filled by `fill` as the product wrote it then, migrated to the end, then checked by `check`.
 */
export async function migrateOverOldRows(
  kind: DbKind,
  tag: string,
  fill: (query: Query) => Promise<void>,
  check: (query: Query) => Promise<void>,
): Promise<void> {
  const before = migrationsBefore(tag);
  try {
    if (kind === "pglite") {
      const client = await PGlite.create({ extensions: { vector, pg_trgm } });
      try {
        const db = drizzlePglite(client);
        const query: Query = async (text) => (await client.query(text)).rows as never;
        await migratePglite(db, { migrationsFolder: before });
        await fill(query);
        await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
        await check(query);
      } finally {
        await client.close();
      }
    } else {
      const client = new pg.Client({ connectionString: await freshPostgresUrl() });
      await client.connect();
      try {
        const db = drizzlePg(client);
        const query: Query = async (text) => (await client.query(text)).rows;
        await migratePg(db, { migrationsFolder: before });
        await fill(query);
        await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
        await check(query);
      } finally {
        await client.end();
      }
    }
  } finally {
    rmSync(before, { recursive: true, force: true });
  }
}
