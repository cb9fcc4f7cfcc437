import { defineConfig } from "vitest/config";
import { TEST_NODE_FLAGS } from "./tests/support/child-node.ts";

/**
 * Three suites, all run by `npm test`:
 * - unit: beside the code (src/**\/*.test.ts[x])
 * - integration: the real server in process against PGlite and PostgreSQL
 * - e2e: the built app in headless Chromium
 */
/**
 * Every worker runs PGlite (servers, or the database tests of the unit suite); V8's optimizing
 * tier costs more CPU than it saves in a process this short (child-node.ts).
 */
const execArgv = TEST_NODE_FLAGS;

export default defineConfig({
  test: {
    // Vitest's default is one worker per core less one: a single worker on a 2-core machine,
    // every file one after another, idle while a file waits on a child process, a browser or
    // PostgreSQL. Three at a time keep both cores busy; past that, the CPU is the limit
    // (decision 036).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts"],
          environment: "node",
          execArgv,
          // A worker runs its unit files one after another in one process and one module
          // registry, instead of a new process each: 160-185 CPU-s for the project instead of
          // 236-256 (decision 036, "Unit files share their workers"). Unit files keep no state
          // between them (no module mocks; files in shuffled order pass).
          isolate: false,
          setupFiles: [
            "tests/support/fail-on-console-error.ts",
            "tests/support/testing-library-timeouts.ts",
          ],
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          execArgv,
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          // As the unit files: one process and module registry a worker, not one a file. Each
          // file imported the whole server afresh, 4-6 s between files; 834 CPU-s and 447 s for
          // the project instead of 1,032 and 549 (decision 036, "Integration and e2e files share
          // their workers"). Every file starts its own servers on its own databases and closes
          // them; none mocks a module or leaves the environment changed.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          execArgv,
          globalSetup: ["tests/support/global-setup.ts", "tests/support/build-web.ts"],
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          // As above: 851 CPU-s and 435 s for the project instead of 909 and 462 (decision 036).
          // Every file launches its own browser and servers and closes them.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
