import { writeFileSync } from "node:fs";
import { registerHooks } from "node:module";
import { isMainThread } from "node:worker_threads";

/**
 * Preload for bench/idle-memory.ts (`node --import ./bench/support/memory-probe.ts ...`): every
 * 250 ms writes `process.memoryUsage()`, the modules resolved so far (by package) and the time
 * to MEMORY_PROBE_FILE, so the benchmark can see where the server's resident memory goes.
 * The main thread's only: PGlite's worker thread inherits the flag and must not overwrite it.
 */
const file = isMainThread ? process.env.MEMORY_PROBE_FILE : undefined;
if (file) {
  const packages = new Map<string, number>();
  let modules = 0;
  registerHooks({
    resolve(specifier, context, next) {
      const resolved = next(specifier, context);
      modules++;
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(resolved.url);
      const name = match ? match[1]! : resolved.url.startsWith("node:") ? "node:" : "(app)";
      packages.set(name, (packages.get(name) ?? 0) + 1);
      return resolved;
    },
  });
  const write = () =>
    writeFileSync(
      file,
      JSON.stringify({
        at: Date.now(),
        uptimeMs: Math.round(process.uptime() * 1000),
        memory: process.memoryUsage(),
        resolves: modules,
        packages: Object.fromEntries(packages),
      }),
    );
  setInterval(write, 250).unref();
  process.on("exit", write);
}
