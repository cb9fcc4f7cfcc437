import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { machineInfo } from "./support/machine.ts";
import { type DbKind, RESULTS_DIR } from "./support/prepare.ts";
import { parseDuration, runSoak, soakReport } from "./support/soak-run.ts";
import { profileReport } from "./support/live-report.ts";
import { summarizeProfile } from "./support/profile.ts";
import { liveShare } from "./support/soak-live-share.ts";
import { pgStatementsText } from "./support/soak-pg-statements.ts";
import { ms, rounded, table } from "./support/stats.ts";

/**
 * The soak (issue 16): servers under a steady mixed load for minutes, checking that nothing
 * fails, nothing acknowledged is lost, live updates stay fast and memory stays flat.
 * 1,000 sockets subscribed (users.getMe and their organization's shared folder), 300 requests/s
 * of reads and writes over HTTP spread over the instances, 20 chats at once against the loopback
 * model, uploads (text, PDF, DOCX) processed to "completed". Usage:
 *   npm run bench:soak -- [--database pglite|postgres] [--instances 1|2] [--duration 10m]
 *     [--sockets 1000] [--rps 300] [--write-share 0.3] [--chats 20] [--chat-pause-ms 2000]
 *     [--uploads-per-min 30] [--organizations 20] [--users 10] [--documents 20]
 *     [--warmup 60s] [--window 30s] [--out FILE] [--profile] [--max-in-flight 200]
 *     [--pg-statements] [--pg-statements-every 2m] [--pg-socket]
 * --profile runs the servers under --cpu-prof and prints where their CPU went.
 * --pg-statements (postgres, throwaway server only) loads pg_stat_statements and prints the
 * statements PostgreSQL spent its time on, their cost per call every --pg-statements-every, and
 * each table's dead row versions and vacuums (also in the --out JSON, `pgStatements`).
 * --pg-socket (postgres, throwaway server only): the servers reach PostgreSQL through its Unix
 * socket instead of TCP on 127.0.0.1, as a deployment with the database on the same machine does.
 * Exit code 1 when a target is missed.
 */

const { values } = parseArgs({
  options: {
    database: { type: "string", default: "pglite" },
    instances: { type: "string", default: "1" },
    duration: { type: "string", default: "10m" },
    sockets: { type: "string", default: "1000" },
    rps: { type: "string", default: "300" },
    "write-share": { type: "string", default: "0.3" },
    chats: { type: "string", default: "20" },
    "chat-pause-ms": { type: "string", default: "2000" },
    "uploads-per-min": { type: "string", default: "30" },
    organizations: { type: "string", default: "20" },
    users: { type: "string", default: "10" },
    documents: { type: "string", default: "20" },
    warmup: { type: "string" },
    window: { type: "string", default: "30s" },
    out: { type: "string" },
    profile: { type: "boolean", default: false },
    "max-in-flight": { type: "string", default: "200" },
    "pg-statements": { type: "boolean", default: false },
    "pg-statements-every": { type: "string", default: "2m" },
    "pg-socket": { type: "boolean", default: false },
  },
});
const database = values.database as DbKind;
if (database !== "pglite" && database !== "postgres")
  throw new Error("--database: pglite|postgres");
const number = (name: keyof typeof values, min: number, max: number) => {
  const value = Number(values[name]);
  if (!Number.isFinite(value) || value < min || value > max)
    throw new Error(`--${name}: a number from ${min} to ${max}`);
  return value;
};
const durationMs = parseDuration(values.duration!);
const options = {
  database,
  instances: number("instances", 1, 8),
  organizations: number("organizations", 1, 1000),
  usersPerOrganization: number("users", 1, 1000),
  documentsPerOrganization: number("documents", 1, 200),
  durationMs,
  // A tenth of the run, at least 20 s and at most a minute, unless given.
  warmupMs: values.warmup
    ? parseDuration(values.warmup)
    : Math.min(60_000, Math.max(20_000, durationMs / 10)),
  windowMs: parseDuration(values.window!),
  sockets: number("sockets", 0, 100_000),
  rps: number("rps", 0, 100_000),
  writeShare: number("write-share", 0, 1),
  chats: number("chats", 0, 1000),
  chatPauseMs: number("chat-pause-ms", 0, 600_000),
  uploadsPerMinute: number("uploads-per-min", 0, 6000),
  maxInFlight: number("max-in-flight", 1, 100_000),
  pgStatementsEveryMs: values["pg-statements"]
    ? parseDuration(values["pg-statements-every"]!)
    : undefined,
  pgSocket: values["pg-socket"],
};
if (options.pgSocket && database !== "postgres")
  throw new Error("--pg-socket: PostgreSQL only (--database postgres)");
if (options.pgStatementsEveryMs !== undefined && database !== "postgres")
  throw new Error("--pg-statements: PostgreSQL only (--database postgres)");
const label = `${database}-${options.instances}`;
const log = (line: string) => process.stderr.write(`[soak ${label}] ${line}\n`);
const machine = machineInfo();

const profileDir = values.profile
  ? mkdtempSync(path.join(os.tmpdir(), "atrium-soak-prof-"))
  : undefined;
const run = await runSoak({ ...options, profileDir, log });
process.stdout.write(`\n${soakReport(run)}\n`);
{
  // The soak's own growth: it creates folders until 200 per organization (decision 033).
  let total = 0;
  const cumulative: string[] = [];
  for (const w of run.result.windows.filter((w) => !w.drain)) {
    total += w.foldersCreated;
    cumulative.push(`${w.toS.toFixed(0)} s ${total}`);
  }
  process.stdout.write(
    `\nfolders created by the soak (cumulative, at most 200 per organization): ${cumulative.join(", ")}\n`,
  );
}
if (run.pgStatements) process.stdout.write(`\n${pgStatementsText(run.pgStatements)}\n`);
if (profileDir) {
  for (let i = 0; i < options.instances; i++) {
    const file = mainThreadProfile(path.join(profileDir, String(i)));
    if (!file) continue;
    const profile = summarizeProfile(file, undefined, 25);
    process.stdout.write(`\n${profileReport(`instance ${i + 1}, whole run`, profile)}\n`);
    const share = liveShare(file);
    process.stdout.write(
      `live path (src/server/realtime and the live list's own part, stacks that hold them): ` +
        `${ms(share.liveMs)} of ${ms(share.busyMs)} busy (${((100 * share.liveMs) / Math.max(1, share.busyMs)).toFixed(1)} %)\n`,
    );
    process.stdout.write(
      `${table(
        ["Atrium functions by inclusive time", "ms", "of busy"],
        profile.topInclusiveOwn.map((c) => [c.frame, ms(c.ms), `${(c.share * 100).toFixed(1)} %`]),
      )}\n`,
    );
    // The other threads' profiles (PGlite's worker, extraction workers): what bounds the rate
    // when the database runs beside the main thread (decision 034, "Where a push's time goes").
    for (const other of otherThreadProfiles(path.join(profileDir, String(i)), file)) {
      const summary = summarizeProfile(other, undefined, 15);
      if (summary.sampledMs - summary.idleMs < 1000) continue;
      process.stdout.write(
        `\n${profileReport(`instance ${i + 1}, thread ${path.basename(other)}`, summary)}\n`,
      );
    }
  }
  log(`CPU profiles kept in ${profileDir} (remove it when done)`);
}

const out = values.out ?? path.join(RESULTS_DIR, `soak-${label}.json`);
mkdirSync(path.dirname(out), { recursive: true });
const command = `npm run bench:soak -- ${process.argv.slice(2).join(" ")}`.trim();
writeFileSync(
  out,
  `${JSON.stringify(rounded({ benchmark: "soak", command, machine, ...run }), null, 2)}\n`,
);
process.stdout.write(`\nwrote ${path.relative(process.cwd(), out)}\n`);
if (!Object.values(run.verdict).every(Boolean)) process.exitCode = 1;

/** Every other thread's profile in `dir`, largest first. */
function otherThreadProfiles(dir: string, main: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => path.join(dir, f))
    .filter((f) => f !== main)
    .sort((a, b) => statSync(b).size - statSync(a).size);
}

/**
 * The main thread's profile: node names them CPU.<date>.<time>.<pid>.<thread id>.<seq>, the main
 * thread being thread 0 (PGlite's worker may write the larger one); else the largest.
 */
function mainThreadProfile(dir: string): string | undefined {
  if (!existsSync(dir)) return undefined;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => path.join(dir, f))
    .sort((a, b) => statSync(b).size - statSync(a).size);
  return files.find((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f)) ?? files[0];
}
