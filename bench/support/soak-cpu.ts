import { readdirSync, readFileSync } from "node:fs";
import { ownCpuMs, processCpuMs } from "./machine.ts";

/**
 * Where the machine's CPU goes during a soak, by process class: the server children, the
 * PostgreSQL cluster (postmaster and every backend, also those that exited: their time is in
 * the postmaster's cutime/cstime), the soak client (this process) and the loopback model.
 * Read from /proc at the start and end of the load.
 */

export interface CpuClasses {
  /** One figure per server child. */
  servers: number[];
  /** null: no PostgreSQL cluster of ours (PGlite, or an outside DATABASE_URL not found). */
  postgres: number | null;
  client: number;
  model: number;
  /** Every process on the machine (busy time from /proc/stat), for what the others took. */
  machine: number;
}

let ticks: number | undefined;
function ticksPerSecond(): number {
  // USER_HZ is 100 on every Linux this runs on; machine.ts reads it the same way.
  ticks ??= 100;
  return ticks;
}

interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime, and cutime + cstime, in ms. */
  own: number;
  children: number;
}

function readStat(pid: number): ProcStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const tick = 1000 / ticksPerSecond();
    return {
      pid,
      ppid: Number(fields[1]),
      own: (Number(fields[11]) + Number(fields[12])) * tick,
      children: (Number(fields[13]) + Number(fields[14])) * tick,
    };
  } catch {
    return undefined;
  }
}

/** The postmaster listening on `port` (its command line names `-p <port>`), if any. */
export function findPostmaster(port: number): number | undefined {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      if (!cmdline[0]?.endsWith("/postgres")) continue;
      const p = cmdline.indexOf("-p");
      if (p >= 0 && cmdline[p + 1] === String(port)) return Number(entry);
      if (cmdline.some((arg) => arg === `-p ${port}` || arg === `-p${port}`)) return Number(entry);
    } catch {
      // The process ended meanwhile.
    }
  }
  return undefined;
}

/** CPU ms of a PostgreSQL cluster: the postmaster, its live children and its reaped ones. */
export function clusterCpuMs(postmaster: number): number {
  const root = readStat(postmaster);
  if (!root) return Number.NaN;
  let total = root.own + root.children;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat && stat.ppid === postmaster) total += stat.own;
  }
  return total;
}

function machineBusyMs(): number {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0]!;
  const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
  return ((user! + nice! + system! + irq! + softirq! + steal!) * 1000) / ticksPerSecond();
}

export function sampleCpu(pids: {
  servers: number[];
  postmaster?: number;
  model: number;
}): CpuClasses {
  return {
    servers: pids.servers.map((pid) => processCpuMs(pid)),
    postgres: pids.postmaster ? clusterCpuMs(pids.postmaster) : null,
    client: ownCpuMs(),
    model: processCpuMs(pids.model),
    machine: machineBusyMs(),
  };
}

/** CPU seconds spent by each class between two samples. */
export function cpuSecondsBetween(before: CpuClasses, after: CpuClasses): CpuClasses {
  const s = (a: number, b: number) => (b - a) / 1000;
  return {
    servers: after.servers.map((v, i) => s(before.servers[i]!, v)),
    postgres:
      before.postgres !== null && after.postgres !== null
        ? s(before.postgres, after.postgres)
        : null,
    client: s(before.client, after.client),
    model: s(before.model, after.model),
    machine: s(before.machine, after.machine),
  };
}
