import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Only one process may open a PGlite data directory at a time (a second one
 * corrupts it). The lock is a file holding the owner's pid; a lock left by a
 * process that no longer runs (kill -9, power loss) is taken over.
 */
export class DataDirInUseError extends Error {
  override name = "DataDirInUseError";
}

interface LockOwner {
  pid: number;
  hostname: string;
  startedAt: string;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(file: string): LockOwner | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as LockOwner;
  } catch {
    return undefined;
  }
}

export function acquireDataDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "atrium.lock");
  const me: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const owner = readOwner(file);
        if (owner?.pid === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(file);
      const sameHost = owner?.hostname === os.hostname();
      if (owner && sameHost && owner.pid !== process.pid && isRunning(owner.pid)) {
        throw new DataDirInUseError(
          `The data directory ${dir} is in use by another Atrium process (pid ${owner.pid}). ` +
            "Stop that process first, or point DATA_DIR elsewhere.",
        );
      }
      if (owner && !sameHost) {
        throw new DataDirInUseError(
          `The data directory ${dir} is locked by a process on host ${owner.hostname}. ` +
            `If nothing runs there any more, delete ${file}.`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the data directory ${dir}.`);
}
