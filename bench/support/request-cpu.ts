import fs, { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { execute } from "../../src/server/api/execute.ts";
import { createRegistry } from "../../src/server/api/functions.ts";
import type { Identity } from "../../src/server/auth/identity.ts";
import { hashPassword } from "../../src/server/auth/passwords.ts";
import { loadConfig } from "../../src/server/config.ts";
import { withPreparedStatements } from "../../src/server/db/database.ts";
import { folders, users } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { createLogger } from "../../src/server/logger.ts";
import { createOrganization } from "../../src/server/organizations/create-organization.ts";
import { listenToChanges } from "../../src/server/realtime/change-feed.ts";
import { LiveQueryHub } from "../../src/server/realtime/live-query-hub.ts";
import { createServices } from "../../src/server/services.ts";
import { monotonicUs, type ProfileSummary, summarizeProfile } from "./profile.ts";
import { seedTeamFolder } from "./soak-cluster.ts";

/**
 * CPU per request of the soak's HTTP mix (bench/support/soak-load.ts), per function, in this
 * process and without sockets (so no live re-run): every call goes through the server's own
 * `execute` (argument parsing, the caller check, the function, its transaction and marker, the
 * result's contract check) with the caller identified by token as `/api/*` does. The database
 * is PGlite, opened as the server opens it, with the change feed wired as in main.ts (identity
 * cache and live-query hub, no subscriptions). Measured per function: process CPU
 * (`process.cpuUsage()`), statements through PGlite's `query` (and how many ran as named
 * statements), `fstat` calls from PGlite's file system, and optionally a CPU profile of the
 * function's calls grouped by category.
 */

export interface FunctionCpu {
  fn: string;
  kind: "query" | "mutation";
  /** The function's share of the soak's requests (reads 70 %, writes 30 %, as soak-load.ts picks). */
  share: number;
  calls: number;
  cpuMs: number;
  statements: number;
  named: number;
  fstats: number;
  /** By category of the profile (when profiled): PGlite, drizzle-orm, zod, src, node, gc… */
  profile?: ProfileSummary["byCategory"];
  topSelf?: ProfileSummary["topSelf"];
}

export interface RequestCpu {
  label: string;
  functions: FunctionCpu[];
  /** Weighted by the soak's mix. */
  mix: { cpuMs: number; statements: number; fstats: number };
}

interface Member {
  identity: Identity;
  token: string;
  userId: string;
}
interface Org {
  teamFolderId: string;
  uploadsFolderId: string;
  documentIds: string[];
  members: Member[];
  createdFolders: string[];
}

type Call = (org: Org, member: Member, i: number) => { kind: "query" | "mutation"; args: unknown };

const READ_SHARE = 0.7 / 6;
const WRITE = 0.3 / 8;
/** The soak's request mix (soak-load.ts): six reads alike, writes 3:1:1:1:1:1 of eight. */
const MIX: Array<{ fn: string; share: number; call: Call }> = [
  {
    fn: "documents.list",
    share: READ_SHARE,
    call: (org, _m, i) => ({
      kind: "query",
      args: {
        paginationOpts: { numItems: 50, cursor: null },
        filter: { folderId: i % 2 ? org.teamFolderId : org.uploadsFolderId },
      },
    }),
  },
  { fn: "threads.list", share: READ_SHARE, call: () => ({ kind: "query", args: { limit: 50 } }) },
  { fn: "users.getMe", share: READ_SHARE, call: () => ({ kind: "query", args: {} }) },
  {
    fn: "notifications.list",
    share: READ_SHARE,
    call: () => ({ kind: "query", args: { paginationOpts: { numItems: 20, cursor: null } } }),
  },
  { fn: "notifications.unreadCount", share: READ_SHARE, call: () => ({ kind: "query", args: {} }) },
  { fn: "folders.getAll", share: READ_SHARE, call: () => ({ kind: "query", args: {} }) },
  {
    fn: "documents.rename",
    share: 3 * WRITE,
    call: (org, _m, i) => ({
      kind: "mutation",
      args: {
        documentId: org.documentIds[i % org.documentIds.length],
        name: `Renamed ${i} ${Math.random().toString(36).slice(2, 7)}.pdf`,
      },
    }),
  },
  {
    fn: "documents.setTags",
    share: WRITE,
    call: (org, _m, i) => {
      const tags = [`tag-${i % 40}`, "brief"];
      return {
        kind: "mutation",
        args: {
          documentId: org.documentIds[i % org.documentIds.length],
          tags,
          primaryTagName: tags[0],
        },
      };
    },
  },
  {
    fn: "documents.setFavorite",
    share: WRITE,
    call: (org, _m, i) => ({
      kind: "mutation",
      args: {
        documentId: org.documentIds[Math.floor(i / 2) % org.documentIds.length],
        favorite: i % 2 === 0,
      },
    }),
  },
  {
    fn: "folders.create",
    share: WRITE,
    call: (org, _m, i) => ({
      kind: "mutation",
      args: { name: `Bench folder ${i} ${newId().slice(0, 6)}`, parentId: org.teamFolderId },
    }),
  },
  {
    fn: "folders.rename",
    share: WRITE,
    call: (org, _m, i) => ({
      kind: "mutation",
      args: {
        folderId: org.createdFolders[i % org.createdFolders.length],
        name: `Bench renamed ${i} ${newId().slice(0, 6)}`,
      },
    }),
  },
  {
    fn: "folders.setFavorite",
    share: WRITE,
    call: (org, _m, i) => ({
      kind: "mutation",
      args: { folderId: org.teamFolderId, favorite: i % 2 === 0 },
    }),
  },
];

export const MIX_FUNCTIONS = MIX.map((m) => m.fn);

/** Counts PGlite's `fstat`s: its Node file system calls `fs.fstatSync` on the CommonJS `fs`. */
function countFstats(): { count: () => number; restore: () => void } {
  const original = fs.fstatSync;
  let n = 0;
  (fs as { fstatSync: unknown }).fstatSync = (...args: Parameters<typeof fs.fstatSync>) => {
    n++;
    return original(...args);
  };
  return {
    count: () => n,
    restore: () => {
      (fs as { fstatSync: unknown }).fstatSync = original;
    },
  };
}

export async function measureRequestCpu(options: {
  label: string;
  calls: number;
  warmup: number;
  organizations: number;
  members: number;
  documents: number;
  /** Environment set while the database is opened (e.g. ATRIUM_PGLITE_PREPARED=0). */
  env?: Record<string, string>;
  /** Profile each function's measured calls (adds overhead to the CPU figures: a separate pass). */
  profile?: boolean;
  only?: string[];
  /** Runs every call inside withPreparedStatements (named statements for all of it). */
  preparedScope?: boolean;
  /** Prints EXPLAIN (ANALYZE, BUFFERS) of every statement of one call of each function (rolled back). */
  explain?: boolean;
  log?: (line: string) => void;
}): Promise<RequestCpu> {
  const log = options.log ?? (() => undefined);
  const dir = mkdtempSync(path.join(tmpdir(), "atrium-request-cpu-"));
  const saved: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(options.env ?? {})) {
    saved[key] = process.env[key];
    process.env[key] = value;
  }
  const config = loadConfig({
    DATA_DIR: dir,
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
    ADMIN_EMAIL: "",
    ADMIN_PASSWORD: "",
    ACCESS_TOKEN_TTL_SECONDS: "7200",
  });
  const services = await createServices(config, createLogger("silent"));
  const fstats = countFstats();
  try {
    const registry = createRegistry();
    const hub = new LiveQueryHub(services, registry);
    const stop = await listenToChanges(services, hub);
    const orgs = await seed(services, options);
    log(`${options.label}: seeded ${orgs.length} organizations`);
    const request = { ip: "127.0.0.1", userAgent: "atrium-bench" };
    const stats = services.database.statementStats;
    const run = async (entry: (typeof MIX)[number], i: number) => {
      const org = orgs[i % orgs.length]!;
      const member = org.members[Math.floor(i / orgs.length) % org.members.length]!;
      const { kind, args } = entry.call(org, member, i);
      // As /api/* does: the caller from the bearer token (the identity cache after the first).
      const identity = await services.auth.identify(member.token);
      const input = { kind, path: entry.fn, args, identity, request };
      if (options.preparedScope)
        await withPreparedStatements(() => execute(services, registry, input));
      else await execute(services, registry, input);
    };
    const results: FunctionCpu[] = [];
    const mix = MIX.filter((m) => !options.only || options.only.includes(m.fn));
    // Warm every function first (JIT, caches), so the first measured is not the first run.
    for (let i = 0; i < options.warmup; i++) for (const entry of mix) await run(entry, i);
    for (const entry of mix) {
      const before = { ...stats! };
      const f0 = fstats.count();
      const cpu = process.cpuUsage();
      for (let i = 0; i < options.calls; i++) await run(entry, options.warmup + i);
      const used = process.cpuUsage(cpu);
      const result: FunctionCpu = {
        fn: entry.fn,
        kind: entry.call(orgs[0]!, orgs[0]!.members[0]!, 0).kind,
        share: entry.share,
        calls: options.calls,
        cpuMs: (used.user + used.system) / 1000 / options.calls,
        statements: (stats!.statements - before.statements) / options.calls,
        named: (stats!.executed - before.executed) / options.calls,
        fstats: (fstats.count() - f0) / options.calls,
      };
      if (options.profile) {
        const summary = await profiled(() =>
          (async () => {
            for (let i = 0; i < options.calls; i++)
              await run(entry, options.warmup + options.calls + i);
          })(),
        );
        result.profile = summary.byCategory;
        result.topSelf = summary.topSelf;
      }
      if (options.explain) await explainCall(services, () => run(entry, 10_000), log);
      log(
        `${options.label}: ${entry.fn} ${result.cpuMs.toFixed(2)} ms, ${result.statements.toFixed(1)} statements`,
      );
      results.push(result);
    }
    await stop();
    const weight = results.reduce((sum, r) => sum + r.share, 0);
    const weighted = (pick: (r: FunctionCpu) => number) =>
      results.reduce((sum, r) => sum + pick(r) * r.share, 0) / weight;
    return {
      label: options.label,
      functions: results,
      mix: {
        cpuMs: weighted((r) => r.cpuMs),
        statements: weighted((r) => r.statements),
        fstats: weighted((r) => r.fstats),
      },
    };
  } finally {
    fstats.restore();
    await services.database.close();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

type Client = {
  query: (
    text: string,
    params?: unknown[],
    options?: unknown,
  ) => Promise<{ rows: Record<string, unknown>[] }>;
  transaction: <T>(fn: (tx: Client) => Promise<T>) => Promise<T>;
};

/** EXPLAIN (ANALYZE, BUFFERS) of each statement `call` sends, each in a transaction rolled back. */
async function explainCall(
  services: Awaited<ReturnType<typeof createServices>>,
  call: () => Promise<void>,
  log: (line: string) => void,
): Promise<void> {
  const client = (services.database.db as unknown as { $client: Client }).$client;
  const seen: Array<{ text: string; params: unknown[] }> = [];
  const query = client.query;
  client.query = (text, params = [], options) => {
    seen.push({ text, params });
    return query.call(client, text, params, options);
  };
  try {
    await call();
  } finally {
    client.query = query;
  }
  for (const { text, params } of seen) {
    if (!/^\s*(select|update|insert|delete|with)/i.test(text) || /pg_notify/.test(text)) continue;
    let plan = "";
    await client
      .transaction(async (tx) => {
        const rows = await tx.query(`explain (analyze, buffers, costs off) ${text}`, params);
        plan = rows.rows.map((r) => String(Object.values(r)[0])).join("\n");
        throw new Error("rollback");
      })
      .catch(() => undefined);
    log(`${text.slice(0, 300)}\n${plan}\n`);
  }
}

/** A CPU profile of `work` (this process, through the inspector), summarized. */
async function profiled(work: () => Promise<void>): Promise<ProfileSummary> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  const fromUs = monotonicUs();
  await work();
  const toUs = monotonicUs();
  const { profile } = await session.post("Profiler.stop");
  session.disconnect();
  const file = path.join(tmpdir(), `atrium-request-cpu-${process.pid}-${Date.now()}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  try {
    return summarizeProfile(file, { fromUs, toUs }, 12);
  } finally {
    rmSync(file, { force: true });
  }
}

/** As the soak seeds (soak-cluster.ts): organizations of members, a shared Team folder of documents. */
async function seed(
  services: Awaited<ReturnType<typeof createServices>>,
  options: { organizations: number; members: number; documents: number },
): Promise<Org[]> {
  const db = services.database.db;
  const passwordHash = await hashPassword("request-cpu-not-secret");
  const orgs: Org[] = [];
  for (let o = 0; o < options.organizations; o++) {
    const org = await createOrganization({ db, name: `Request CPU ${o + 1}` });
    const rows = Array.from({ length: options.members }, (_, i) => ({
      id: newId(),
      email: `request-cpu-${o}-${i}@example.test`,
      passwordHash,
      firstName: "Bench",
      lastName: `Member ${o}.${i}`,
      organizationId: org.id,
      role: i === 0 ? ("OrganizationAdmin" as const) : ("Member" as const),
    }));
    await db.insert(users).values(rows);
    const ownerId = rows[0]!.id;
    const { teamFolderId, uploadsFolderId, documentIds } = await seedTeamFolder(db, {
      organizationId: org.id,
      ownerId,
      documents: options.documents,
      storagePrefix: "bench",
    });
    const request = { ip: null, userAgent: "atrium-bench" };
    const members: Member[] = [];
    for (const row of rows) {
      const { token } = await db.transaction((tx) => services.auth.createSession(tx, row, request));
      const identity = await services.auth.identify(token);
      members.push({ identity, token, userId: row.id });
    }
    // Folders to rename: as the soak, created ones.
    const createdFolders: string[] = [];
    for (let i = 0; i < 20; i++) {
      const id = newId();
      await db.insert(folders).values({
        id,
        organizationId: org.id,
        parentId: teamFolderId,
        name: `Sub ${i}`,
        slug: `sub-${i}`,
        path: `team/sub-${i}`,
        ownerId: members[i % members.length]!.userId,
      });
      createdFolders.push(id);
    }
    orgs.push({ teamFolderId, uploadsFolderId, documentIds, members, createdFolders });
  }
  return orgs;
}
