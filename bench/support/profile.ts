import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Reads a V8 .cpuprofile (from `node --cpu-prof`) and says where the time went, optionally only
 * inside a time window. V8's profile timestamps and `process.hrtime` both come from the
 * monotonic clock in microseconds, so a window measured in the benchmark process lines up with
 * the server child's samples.
 */

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileRow {
  frame: string;
  ms: number;
  share: number;
}

export interface ProfileSummary {
  file: string;
  windowMs: number;
  sampledMs: number;
  idleMs: number;
  /** Self time by category: gc, program, idle, our src/ code, each node_modules package, node. */
  byCategory: ProfileRow[];
  /** Functions with the most self time. */
  topSelf: ProfileRow[];
  /** Our own (src/) functions with the most inclusive time (callees included). */
  topInclusiveOwn: ProfileRow[];
}

export function latestProfile(dir: string): string | undefined {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .sort();
  const last = files[files.length - 1];
  return last ? path.join(dir, last) : undefined;
}

/**
 * Every profile in `dir`, one per thread that ran (`node --cpu-prof` names them
 * CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the main thread, others are
 * workers, e.g. PGlite's), oldest first.
 */
export function profilesIn(dir: string): Array<{ file: string; thread: string }> {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .sort()
    .map((f) => {
      const thread = f.split(".").at(-3) ?? "?";
      return {
        file: path.join(dir, f),
        thread: thread === "0" ? "main thread" : `worker thread ${thread}`,
      };
    });
}

function frameName(frame: CallFrame): string {
  const name = frame.functionName || "(anonymous)";
  if (!frame.url) return name;
  const url = frame.url.replace(/^file:\/\//, "");
  const short = url.includes("/node_modules/")
    ? url.slice(url.lastIndexOf("/node_modules/") + 14)
    : url.includes("/src/")
      ? url.slice(url.indexOf("/src/") + 1)
      : url;
  return `${name} ${short}:${frame.lineNumber + 1}`;
}

function category(frame: CallFrame): string {
  const { functionName, url } = frame;
  if (functionName === "(garbage collector)") return "garbage collector";
  if (functionName === "(idle)") return "idle";
  if (functionName === "(program)") return "(program): native/V8 outside JS";
  if (!url) return "native (no url)";
  const inModules = url.lastIndexOf("/node_modules/");
  if (inModules >= 0) {
    const rest = url.slice(inModules + 14).split("/");
    const pkg = rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
    return `node_modules: ${pkg}`;
  }
  if (url.includes("/src/")) return "src/ (Atrium)";
  if (url.startsWith("node:")) return "node core";
  return url;
}

export function summarizeProfile(
  file: string,
  window?: { fromUs: number; toUs: number },
  top = 20,
): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);

  const self = new Map<string, number>();
  const categories = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let time = profile.startTime;
  let sampledUs = 0;
  let idleUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    time += delta;
    if (window && (time < window.fromUs || time > window.toUs)) continue;
    const node = byId.get(profile.samples[i]!);
    if (!node) continue;
    // A sample stands for the time until the next one.
    const us = profile.timeDeltas[i + 1] ?? delta;
    sampledUs += us;
    const cat = category(node.callFrame);
    categories.set(cat, (categories.get(cat) ?? 0) + us);
    if (cat === "idle") {
      idleUs += us;
      continue;
    }
    const name = frameName(node.callFrame);
    self.set(name, (self.get(name) ?? 0) + us);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id)?.callFrame;
      if (!frame?.url.includes("/src/")) continue;
      const own = frameName(frame);
      if (seen.has(own)) continue;
      seen.add(own);
      inclusive.set(own, (inclusive.get(own) ?? 0) + us);
    }
  }
  const busyUs = sampledUs - idleUs;
  const rows = (map: Map<string, number>, base: number, limit: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([frame, us]) => ({ frame, ms: us / 1000, share: base > 0 ? us / base : 0 }));
  return {
    file,
    windowMs: window
      ? (window.toUs - window.fromUs) / 1000
      : (profile.endTime - profile.startTime) / 1000,
    sampledMs: sampledUs / 1000,
    idleMs: idleUs / 1000,
    byCategory: rows(categories, sampledUs, 30),
    topSelf: rows(self, busyUs, top),
    topInclusiveOwn: rows(inclusive, busyUs, top),
  };
}

/** Microseconds on the monotonic clock, comparable with V8 profile timestamps. */
export function monotonicUs(): number {
  return Number(process.hrtime.bigint() / 1000n);
}
