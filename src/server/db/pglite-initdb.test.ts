import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createPgliteDataDir } from "./pglite-initdb.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "atrium-initdb-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe("createPgliteDataDir (initdb in a child process)", () => {
  it("creates the database once, through a staging dir, and leaves no lock", {
    timeout: 180_000,
  }, async () => {
    const dataDir = path.join(scratch, "data");
    // What an interrupted first start leaves behind: a half-made staging dir.
    fs.mkdirSync(path.join(dataDir, "pglite.initdb"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "pglite.initdb", "junk"), "x");
    expect(await createPgliteDataDir(dataDir)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "pglite", "junk"))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "pglite.initdb"))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "atrium.lock"))).toBe(false);
    // A database already there: nothing to do.
    expect(await createPgliteDataDir(dataDir)).toBe(false);
  });

  it("leaves a non-empty directory without a database to PGlite", async () => {
    const dataDir = path.join(scratch, "odd");
    fs.mkdirSync(path.join(dataDir, "pglite"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "pglite", "something"), "x");
    expect(await createPgliteDataDir(dataDir)).toBe(false);
    expect(fs.readdirSync(path.join(dataDir, "pglite"))).toEqual(["something"]);
  });
});
