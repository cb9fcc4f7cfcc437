import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { acquireDataDirLock } from "./data-dir-lock.ts";

const CHILD = path.join(import.meta.dirname, "pglite-initdb-child.ts");
const INITDB_TIMEOUT_MS = 5 * 60_000;

/**
 * A new embedded database is created (initdb, then the migrations) in a short-lived child
 * process, before the server opens it (decision 032). Done in the server's own process, PGlite
 * runs initdb in a second WebAssembly instance (plus initdb's own module) and copies the result
 * across; that memory was freed but about 130 MB of the process stayed resident for good, so a
 * new install idled at 450 MB where a restart of the same data idled at 315. With the
 * migrations in the child too, the server's first start is a restart like any other. The child
 * writes into a sibling directory, renamed into place only once it has succeeded, so an
 * interrupted first start leaves nothing half made; the data dir's lock is held meanwhile.
 *
 * Returns whether a database was created. Does nothing when DATA_DIR/pglite already holds one
 * (or holds something else, which PGlite itself then deals with as before).
 */
export async function createPgliteDataDir(dataDir: string): Promise<boolean> {
  const dir = path.join(dataDir, "pglite");
  if (fs.existsSync(path.join(dir, "PG_VERSION"))) return false;
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) return false;
  const release = acquireDataDirLock(dataDir);
  try {
    if (fs.existsSync(path.join(dir, "PG_VERSION"))) return false;
    const staging = path.join(dataDir, "pglite.initdb");
    fs.rmSync(staging, { recursive: true, force: true });
    fs.mkdirSync(staging, { recursive: true });
    await runChild(staging);
    if (!fs.existsSync(path.join(staging, "PG_VERSION"))) {
      throw new Error("PGlite initdb finished without creating a database");
    }
    fs.rmSync(dir, { recursive: true, force: true }); // an empty directory at most (above)
    fs.renameSync(staging, dir);
    return true;
  } finally {
    release();
  }
}

function runChild(staging: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // V8's baseline WebAssembly compiler only: the child runs initdb and the migrations once, and
    // optimizing PGlite's WebAssembly in background threads costs more than it gives back there
    // (10.3 → 7.4 CPU-s, 7.0 → 6.5 s here; decision 036 measured the same for the test processes).
    const child = spawn(process.execPath, ["--liftoff-only", CHILD, staging], {
      stdio: ["ignore", "ignore", "pipe"],
      // The child needs none of the server's preloads or flags.
      env: { ...process.env, NODE_OPTIONS: "" },
    });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), INITDB_TIMEOUT_MS);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else
        reject(new Error(`PGlite initdb failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
    });
  });
}
