import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeScratchDir, removeStaleScratchDirs } from "./scratch-dir.ts";

/** The pid of a process that has exited: surely not running. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  const pid = child.pid!;
  await new Promise((done) => child.once("exit", done));
  return pid;
}

describe("job scratch directories", () => {
  const parents: string[] = [];
  const parent = async () => {
    const dir = await mkdtemp(join(tmpdir(), "scratch-test-"));
    parents.push(dir);
    return dir;
  };
  afterEach(async () => {
    await Promise.all(parents.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it("removes what a dead process left, and keeps this process's and unrelated directories", async () => {
    const root = await parent();
    const mine = await makeScratchDir(root);
    const stale = join(root, `atrium-job-${await deadPid()}-abc123`);
    await mkdir(stale);
    await writeFile(join(stale, "source.pdf"), "leftover");
    const unrelated = join(root, "atrium-jobless");
    await mkdir(unrelated);

    expect(await removeStaleScratchDirs(root)).toBe(1);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(mine)).toBe(true);
    expect(existsSync(unrelated)).toBe(true);
  });

  it("keeps the directories of a process that still runs", async () => {
    const root = await parent();
    const live = join(root, `atrium-job-${process.ppid}-xyz`);
    await mkdir(live);
    expect(await removeStaleScratchDirs(root)).toBe(0);
    expect(existsSync(live)).toBe(true);
  });
});
