import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NODE, ROOT, TEST_NODE_FLAGS } from "../support/child-node.ts";
import { freshPostgresUrl } from "../support/databases.ts";
import { findFreePort } from "../support/postgres.ts";

/**
 * Only the database driver in use is loaded at start (decision 032): PGlite's WebAssembly is
 * not loaded when DATABASE_URL points at PostgreSQL, and `pg` is not loaded on PGlite. The
 * server runs as a child (`node src/server/main.ts`) with a preload that records every module
 * it resolves (tests/support/record-modules.ts).
 */

const scratch = mkdtempSync(join(tmpdir(), "atrium-drivers-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function modulesLoadedAtStart(name: string, env: Record<string, string>): Promise<string[]> {
  const port = await findFreePort();
  const file = join(scratch, `${name}.json`);
  const child = spawn(
    NODE,
    [...TEST_NODE_FLAGS, "--import", "./tests/support/record-modules.ts", "src/server/main.ts"],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        DATA_DIR: join(scratch, name),
        RECORD_MODULES_FILE: file,
        ...env,
      },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise((done) => child.once("exit", done));
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${stderr}`);
      if (Date.now() > deadline) throw new Error(`the server did not start:\n${stderr}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
  return (JSON.parse(readFileSync(file, "utf8")) as Array<{ url: string }>).map((m) => m.url);
}

const PGLITE = /node_modules\/@electric-sql\/pglite/;
const PG = /node_modules\/(pg|pg-pool|pg-protocol)\//;
/** Heavy libraries only some requests need: loaded on first use, not at start. */
const LAZY =
  /node_modules\/(pdfmake|docx|@aws-sdk\/client-s3|@ai-sdk\/(openai|openai-compatible|anthropic|google|google-vertex|amazon-bedrock)|file-type|exceljs|papaparse|jszip|archiver|sanitize-html|postcss)\//;

describe("database drivers at start", () => {
  it("on PostgreSQL: pg, not PGlite", { timeout: 150_000 }, async () => {
    const modules = await modulesLoadedAtStart("postgres", {
      DATABASE_URL: await freshPostgresUrl(),
    });
    expect(modules.some((url) => PG.test(url))).toBe(true);
    expect(modules.filter((url) => PGLITE.test(url))).toEqual([]);
    expect(modules.filter((url) => LAZY.test(url))).toEqual([]);
  });

  it("on PGlite: PGlite, not pg", { timeout: 150_000 }, async () => {
    const modules = await modulesLoadedAtStart("pglite", {});
    expect(modules.some((url) => PGLITE.test(url))).toBe(true);
    expect(modules.filter((url) => PG.test(url))).toEqual([]);
    expect(modules.filter((url) => LAZY.test(url))).toEqual([]);
  });
});
