import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Private temporary directories for job runs (an extraction library wants a
 * file path). Named with the process id, so that after a kill -9 the next
 * worker on this host removes what the dead process left behind.
 */
const PREFIX = "atrium-job-";
const OWNED = new RegExp(`^${PREFIX}(\\d+)-`);

export function makeScratchDir(parent = tmpdir()): Promise<string> {
  return mkdtemp(join(parent, `${PREFIX}${process.pid}-`));
}

/** Remove scratch directories of processes that no longer run. Returns how many went. */
export async function removeStaleScratchDirs(parent = tmpdir()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(parent)) {
    const pid = Number(OWNED.exec(name)?.[1]);
    if (!pid || pid === process.pid || isRunning(pid)) continue;
    await rm(join(parent, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
