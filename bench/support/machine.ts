import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";

/** What the numbers were measured on, recorded beside them. */
export interface MachineInfo {
  date: string;
  nproc: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  platform: string;
  /** The commit measured, with "+dirty" when src/ has uncommitted changes. */
  commit: string;
}

export function machineInfo(): MachineInfo {
  let nproc = os.availableParallelism();
  try {
    nproc = Number(execFileSync("nproc", { encoding: "utf8" }).trim()) || nproc;
  } catch {
    // nproc missing: availableParallelism is the same figure on Linux.
  }
  return {
    date: new Date().toISOString(),
    nproc,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    commit: commitOf(),
  };
}

function commitOf(): string {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--", "src"], { encoding: "utf8" });
    return dirty.trim() ? `${head}+dirty` : head;
  } catch {
    return "unknown";
  }
}

let clockTicks: number | undefined;

function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** User + system CPU time of another process in ms (Linux /proc; 10 ms resolution). */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces) start at ") ".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) * 1000) / ticksPerSecond();
  } catch {
    return Number.NaN;
  }
}

/** This process's CPU time in ms. */
export function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** Machine-wide busy and total CPU time in ms, from /proc/stat. */
export function systemCpuMs(): { busy: number; total: number } {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    const total = values.reduce((sum, v) => sum + v, 0);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    const scale = 1000 / ticksPerSecond();
    return { busy: (total - idle) * scale, total: total * scale };
  } catch {
    return { busy: Number.NaN, total: Number.NaN };
  }
}

/** CPU spent by the server child, this process and the whole machine over a measured span. */
export interface CpuSpan {
  serverMs: number;
  clientMs: number;
  /** Machine-wide busy share over the span, 0..1 (1 = every core busy). */
  machineBusy: number;
}

export function startCpuSpan(serverPid: number): () => CpuSpan {
  const server = processCpuMs(serverPid);
  const client = ownCpuMs();
  const system = systemCpuMs();
  return () => {
    const systemEnd = systemCpuMs();
    const total = systemEnd.total - system.total;
    return {
      serverMs: processCpuMs(serverPid) - server,
      clientMs: ownCpuMs() - client,
      machineBusy: total > 0 ? (systemEnd.busy - system.busy) / total : Number.NaN,
    };
  };
}
