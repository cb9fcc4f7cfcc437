import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { registerHooks } from "node:module";
import path from "node:path";
import { constants, PerformanceObserver } from "node:perf_hooks";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { isMainThread } from "node:worker_threads";

/**
 * Preload (`node --import ./bench/support/memory-probe.ts ...`, or in NODE_OPTIONS for the
 * soak's children) that shows where a server's resident memory goes.
 *
 * - MEMORY_PROBE_FILE (bench/idle-memory.ts): every 250 ms writes `process.memoryUsage()`, the
 *   modules resolved so far (by package) and the time.
 * - MEMORY_PROBE_DIR (bench/soak.ts runs, issue 16 "memory flat"): only in a process whose
 *   entry is src/server/main.ts, appends one JSON line every MEMORY_PROBE_EVERY_MS (5,000) to
 *   `<dir>/memory-<pid>.jsonl`: RSS split by /proc (anonymous, file), smaps_rollup,
 *   `process.memoryUsage()`, V8's heap spaces (the young generation apart), the main thread's GC
 *   pauses so far (count and ms, minor and major) and the process's CPU time. At each second of
 *   uptime in MEMORY_PROBE_GC_AT (e.g. "60,170") it forces a full collection first and records
 *   the line as `"gc": true` (what is retained, apart from what is in flight) and copies
 *   /proc/self/smaps beside it (`smaps-<pid>-<uptime>.txt`, every mapping); with
 *   MEMORY_PROBE_SNAPSHOTS=1 it then writes a V8 heap snapshot beside it
 *   (`heap-<pid>-<uptime>.heapsnapshot`; it blocks the process for seconds and grows its RSS,
 *   so take RSS figures from a run without it).
 *
 * The main thread's only: PGlite's worker thread inherits the preload and must not overwrite it.
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

const dir = isMainThread ? process.env.MEMORY_PROBE_DIR : undefined;
if (dir && process.argv.some((arg) => arg.endsWith(path.join("src", "server", "main.ts")))) {
  mkdirSync(dir, { recursive: true });
  const series = path.join(dir, `memory-${process.pid}.jsonl`);
  const gcAt = (process.env.MEMORY_PROBE_GC_AT ?? "")
    .split(",")
    .map(Number)
    .filter((s) => Number.isFinite(s) && s > 0)
    .sort((a, b) => a - b);
  const snapshots = process.env.MEMORY_PROBE_SNAPSHOTS === "1";
  const everyMs = Number(process.env.MEMORY_PROBE_EVERY_MS ?? 5000);
  let gc: (() => void) | undefined;
  if (gcAt.length > 0) {
    v8.setFlagsFromString("--expose-gc");
    gc = runInNewContext("gc") as () => void;
  }
  // Main-thread GC pauses so far, by kind (minor: scavenges; major: mark-compact).
  const gcPauses = { minor: 0, minorMs: 0, major: 0, majorMs: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) {
        gcPauses.minor++;
        gcPauses.minorMs += entry.duration;
      } else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        gcPauses.major++;
        gcPauses.majorMs += entry.duration;
      }
    }
  }).observe({ entryTypes: ["gc"] });
  const sample = (forced: boolean) => {
    const line: Record<string, unknown> = {
      at: Date.now(),
      uptimeS: Math.round(process.uptime()),
      gc: forced,
      status: statusKiB(),
      smaps: smapsRollupKiB(),
      memory: process.memoryUsage(),
      spaces: Object.fromEntries(
        v8
          .getHeapSpaceStatistics()
          .map((s) => [s.space_name, { size: s.space_size, used: s.space_used_size }]),
      ),
      heap: (({ total_heap_size, used_heap_size, malloced_memory, external_memory }) => ({
        total_heap_size,
        used_heap_size,
        malloced_memory,
        external_memory,
      }))(v8.getHeapStatistics()),
      gcPauses: { ...gcPauses },
      cpuMs: (({ user, system }) => Math.round((user + system) / 1000))(process.cpuUsage()),
      handles: (process as unknown as { _getActiveHandles?: () => unknown[] })._getActiveHandles?.()
        .length,
    };
    appendFileSync(series, `${JSON.stringify(line)}\n`);
  };
  setInterval(() => sample(false), everyMs).unref();
  for (const at of gcAt) {
    setTimeout(
      () => {
        gc!();
        gc!();
        sample(true);
        const tag = `${process.pid}-${Math.round(process.uptime())}`;
        try {
          // /proc files have no size: copyFileSync would copy nothing.
          writeFileSync(path.join(dir, `smaps-${tag}.txt`), readFileSync("/proc/self/smaps"));
        } catch {
          // not Linux
        }
        if (snapshots) v8.writeHeapSnapshot(path.join(dir, `heap-${tag}.heapsnapshot`));
      },
      Math.max(0, at * 1000 - process.uptime() * 1000),
    ).unref();
  }
}

/** VmRSS, RssAnon, RssFile, RssShmem, VmHWM and Threads from /proc/self/status (KiB). */
function statusKiB(): Record<string, number> {
  const out: Record<string, number> = {};
  const text = readFileSync("/proc/self/status", "utf8");
  for (const key of ["VmRSS", "RssAnon", "RssFile", "RssShmem", "VmHWM", "Threads"]) {
    const match = new RegExp(`^${key}:\\s+(\\d+)`, "m").exec(text);
    if (match) out[key] = Number(match[1]);
  }
  return out;
}

/** /proc/self/smaps_rollup's figures (KiB). */
function smapsRollupKiB(): Record<string, number> {
  const out: Record<string, number> = {};
  try {
    for (const match of readFileSync("/proc/self/smaps_rollup", "utf8").matchAll(
      /^(\w+):\s+(\d+) kB/gm,
    ))
      out[match[1]!] = Number(match[2]);
  } catch {
    // not Linux
  }
  return out;
}
