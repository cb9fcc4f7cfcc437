import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { NODE, ROOT, TEST_NODE_FLAGS } from "../support/child-node.ts";
import { freshDataDir, freshMigratedDataDir, freshPostgresUrl } from "../support/databases.ts";

/** Only the driver of the database in use is loaded (PGlite's WebAssembly build is large). */
const SCRIPT = join(ROOT, "tests/support/loaded-drivers.ts");
const HOOKS = join(ROOT, "tests/support/driver-hooks.ts");

async function driversLoaded(args: string[]) {
  // Every thread's modules: PGlite runs in a worker thread (decision 032).
  const file = join(mkdtempSync(join(tmpdir(), "atrium-drivers-")), "loaded.txt");
  writeFileSync(file, "");
  const { stdout } = await promisify(execFile)(
    NODE,
    [...TEST_NODE_FLAGS, "--import", HOOKS, SCRIPT, ...args],
    {
      cwd: ROOT,
      env: { ...process.env, LOADED_DRIVERS_FILE: file },
    },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as { kind: string; loaded: string[] };
}

describe("database drivers", () => {
  it("loads only PGlite for the embedded database", async () => {
    expect(await driversLoaded([freshMigratedDataDir()])).toEqual({
      kind: "pglite",
      // PGlite and its two extensions: vectors, and trigrams for misspelt search words (decision 031).
      loaded: [
        "@electric-sql/pglite",
        "@electric-sql/pglite-pgvector",
        "@electric-sql/pglite/contrib/pg_trgm",
      ],
    });
  });

  it("loads only pg for PostgreSQL", async () => {
    expect(await driversLoaded([freshDataDir(), await freshPostgresUrl()])).toEqual({
      kind: "postgres",
      loaded: ["pg"],
    });
  });
});
