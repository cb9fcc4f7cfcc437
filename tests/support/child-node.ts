import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** The project's root, where a child process runs (its cwd). */
export const ROOT = resolve(import.meta.dirname, "../..");

/** The project's Node (24), not the system's. */
export const NODE = join(ROOT, "node_modules/.bin/node");

/**
 * Node flags for the processes a test starts (servers, workers, the CLI), and for the test
 * workers themselves (vitest.config.ts). On a 2-core machine that runs three test files at a
 * time the CPU is the whole run's limit (decision 036).
 */
export const TEST_NODE_FLAGS = [
  // Such a process lives seconds to a minute, yet V8 would spend a CPU-second or more
  // optimizing PGlite's WebAssembly in the background; the baseline compiler runs the same
  // code, so the processes behave the same for less CPU.
  "--liftoff-only",
  // The resolve shortcut `npm start` and the CLI start with (decision 038): a child server or
  // CLI loads the server in a third of the time. The test workers take it too, as it costs
  // nothing there, though they load their modules through Vitest's runner and do not gain.
  `--import=${pathToFileURL(join(ROOT, "src/server/register-resolve-cache.ts")).href}`,
];
