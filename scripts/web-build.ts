import { spawn } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
} from "node:fs";
import { dirname, join } from "node:path";

/**
 * Builds the web app into dist/ when its sources changed since the last build. Used by
 * `npm start` (scripts/start.ts) and the e2e suite (tests/support/build-web.ts).
 */

/** What the bundle is made from: shared code is bundled into the web app too. */
const INPUT_DIRS = ["src/web", "src/shared"];
const INPUT_FILES = [
  "index.html",
  "login.html",
  "vite.config.ts",
  "package-lock.json",
  "tsconfig.json",
];

/** True when dist/index.html exists and is newer than every input of the build. */
export function webBuildIsFresh(root: string): boolean {
  const output = join(root, "dist", "index.html");
  if (!existsSync(output)) return false;
  const builtAt = statSync(output).mtimeMs;
  return newestInputMtime(root) < builtAt;
}

function newestInputMtime(root: string): number {
  let newest = 0;
  const consider = (path: string): void => {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (stats) newest = Math.max(newest, stats.mtimeMs);
  };
  for (const file of INPUT_FILES) consider(join(root, file));
  for (const dir of INPUT_DIRS) {
    const absolute = join(root, dir);
    if (!existsSync(absolute)) continue;
    consider(absolute); // a deleted file only changes its folder's mtime
    for (const entry of readdirSync(absolute, { recursive: true, withFileTypes: true })) {
      consider(join(entry.parentPath, entry.name));
    }
  }
  return newest;
}

export interface BuildWebOptions {
  /** Where Vite's output goes; defaults to node_modules/.cache/atrium/web-build.log. */
  logFile?: string;
}

/** Runs `vite build` on Node 24; rejects with the end of the build log when it fails. */
export async function buildWeb(root: string, options: BuildWebOptions = {}): Promise<void> {
  const logFile =
    options.logFile ?? join(root, "node_modules", ".cache", "atrium", "web-build.log");
  mkdirSync(dirname(logFile), { recursive: true });
  const localNode = join(root, "node_modules", ".bin", "node");
  const runtime = existsSync(localNode) ? localNode : process.execPath;
  const vite = join(root, "node_modules", ".bin", "vite");
  const log = openSync(logFile, "w");
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(runtime, [vite, "build"], {
        cwd: root,
        stdio: ["ignore", log, log],
        env: { ...process.env, NODE_ENV: "production" },
      });
      child.once("error", reject);
      child.once("exit", (exitCode, signal) => resolve(signal ? null : exitCode));
    });
    if (code !== 0) {
      const tail = readFileSync(logFile, "utf8").slice(-4000);
      throw new Error(`vite build failed (exit ${code ?? "by signal"}); log: ${logFile}\n${tail}`);
    }
  } finally {
    closeSync(log);
  }
}
