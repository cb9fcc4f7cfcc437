import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, inject } from "vitest";
import { createDatabase } from "./postgres.ts";

/**
 * Fresh databases for one test file (CONVENTIONS 15: no test depends on another's data).
 * Import from test files only: it registers an afterAll hook for the file that imports it.
 */

/** A new, empty PostgreSQL database on the run's throwaway cluster (see global-setup.ts). */
export async function freshPostgresUrl(): Promise<string> {
  return createDatabase(inject("postgresUrl"));
}

const dataDirs: string[] = [];

/**
 * A new, empty directory for a PGlite data dir, removed after the file's tests. Registered
 * first, this hook runs after the file's own afterAll hooks (Vitest runs after-hooks as a
 * stack), so close the database in an afterAll of your own.
 */
export function freshDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "atrium-data-"));
  dataDirs.push(dir);
  return dir;
}

/** A new data dir holding an empty, migrated PGlite database (a copy of the run's template). */
export function freshMigratedDataDir(): string {
  const dir = freshDataDir();
  cpSync(inject("pgliteTemplate"), dir, { recursive: true });
  return dir;
}

afterAll(() => {
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
