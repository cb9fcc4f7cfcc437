import { defineConfig } from "vitest/config";

/**
 * Three suites, all run by `npm test`:
 * - unit: beside the code (src/**\/*.test.ts[x])
 * - integration: the real server in process against PGlite and PostgreSQL
 * - e2e: the built app in headless Chromium
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker per core less one: a single worker on a 2-core machine,
    // every file one after another. Most files wait on a browser, a server or PostgreSQL
    // rather than compute, so three at a time roughly halves the run.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts"],
          environment: "node",
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
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/global-setup.ts", "tests/support/build-web.ts"],
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
