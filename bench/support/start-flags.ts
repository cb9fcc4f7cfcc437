import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./prepare.ts";

/**
 * The node flags of `npm start` (package.json's start script): the V8 heap sizing an operator
 * runs the server with (decision 032 "Idle memory", decision 033 "Memory over the run"). Bench
 * children started as `node src/server/main.ts` take them too, so a benchmark measures the
 * server as it is run. BENCH_NODE_FLAGS (e.g. "--max-semi-space-size=16 --max-old-space-size=1024",
 * or "" for none) replaces them, to compare heap settings with the same benchmark.
 */
export function startNodeFlags(): string[] {
  const override = process.env.BENCH_NODE_FLAGS;
  if (override !== undefined) return override.split(" ").filter(Boolean);
  const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  return (pkg.scripts.start ?? "").split(" ").filter((word) => word.startsWith("--"));
}
