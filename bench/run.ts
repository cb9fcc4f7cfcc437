import { spawn } from "node:child_process";
import path from "node:path";
import { NODE, postgresAvailable, RESULTS_DIR, ROOT } from "./support/prepare.ts";

/**
 * `npm run bench`: every benchmark on PGlite, then on a throwaway PostgreSQL 15 cluster when the
 * machine has its server binaries. Each benchmark runs in its own process (and starts its own
 * server child), one after the other so they never compete for the CPU.
 */

const runs: Array<{ script: string; args: string[] }> = [
  { script: "bench/live-latency.ts", args: ["--database", "pglite"] },
  { script: "bench/http-throughput.ts", args: ["--database", "pglite"] },
  { script: "bench/chat-latency.ts", args: ["--database", "pglite"] },
  { script: "bench/documents-list.ts", args: ["--database", "pglite"] },
  // No database: document extraction on one core.
  { script: "bench/extraction.ts", args: [] },
];
if (postgresAvailable()) {
  runs.push(
    { script: "bench/live-latency.ts", args: ["--database", "postgres", "--db-stats"] },
    { script: "bench/http-throughput.ts", args: ["--database", "postgres"] },
    { script: "bench/chat-latency.ts", args: ["--database", "postgres"] },
    { script: "bench/documents-list.ts", args: ["--database", "postgres"] },
  );
} else {
  process.stderr.write("PostgreSQL 15 binaries not found: PostgreSQL runs skipped.\n");
}

function run(script: string, args: string[]): Promise<number> {
  process.stderr.write(`\n=== node ${script} ${args.join(" ")}\n`);
  const child = spawn(NODE, [script, ...args], { cwd: ROOT, stdio: "inherit" });
  const forward = () => child.kill("SIGINT");
  process.once("SIGINT", forward);
  return new Promise((resolve) => {
    child.once("exit", (code, signal) => {
      process.removeListener("SIGINT", forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const failed: string[] = [];
for (const { script, args } of runs) {
  const code = await run(script, args);
  if (code !== 0) failed.push(`${script} ${args.join(" ")} (exit ${code})`);
  if (code === 130) break;
}
process.stdout.write(`\nResults (JSON) in ${path.relative(process.cwd(), RESULTS_DIR) || "."}/\n`);
process.stdout.write("Summarize them in bench/RESULTS.md.\n");
if (failed.length > 0) {
  process.stderr.write(`Failed:\n  ${failed.join("\n  ")}\n`);
  process.exit(1);
}
