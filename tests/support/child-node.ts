import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** The project's root, where a child process runs (its cwd). */
export const ROOT = resolve(import.meta.dirname, "../..");

/** The project's Node (24), not the system's. */
export const NODE = join(ROOT, "node_modules/.bin/node");

/**
 * V8 flags for the Node processes a test starts (servers, workers, the CLI), and for the
 * test workers themselves (vitest.config.ts). Such a process lives seconds to a minute, yet
 * V8 would spend a CPU-second or more optimizing PGlite's WebAssembly in the background; the
 * baseline compiler runs the same code, so the processes behave the same for less CPU. On a
 * 2-core machine that runs three test files at a time the CPU is the whole run's limit
 * (decision 036).
 */
export const TEST_NODE_FLAGS = [
  "--liftoff-only",
  // The resolve shortcut the server's own scripts start with (decision 038): each test
  // worker and child server loads the server's few hundred node_modules files.
  `--import=${pathToFileURL(join(ROOT, "src/server/register-resolve-cache.ts")).href}`,
];
