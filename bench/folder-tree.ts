import os from "node:os";
import { sql } from "drizzle-orm";
import type { Db } from "../src/server/db/database.ts";
import { dossierShares, folders } from "../src/server/db/schema.ts";
import type { DossierCaller } from "../src/server/dossier/access.ts";
import { memberParts } from "../src/server/documents/list-documents.ts";
import { getAllFolders, getAllFoldersQuery } from "../src/server/folders/folder-queries.ts";
import { rowsOf } from "../src/server/db/raw-rows.ts";
import { newId } from "../src/server/ids.ts";
import {
  type BuiltQuery,
  explainCustom,
  explainGeneric,
  type PlanFigures,
} from "./support/explain-plan.ts";
import { machineInfo } from "./support/machine.ts";
import { type BenchUser, prepareServer } from "./support/prepare.ts";
import { benchArgs, queryClient, sample, writeResults } from "./support/query-bench.ts";
import { ms, type Summary, summarize, table } from "./support/stats.ts";

/**
 * folders.getAll (the dossier's folder tree, every folder the caller may read with their rank,
 * owner's name and star) in an organization of many folders, the soak's shape grown large: a
 * "Team" folder owned by the first member and shared with the whole organization as editor,
 * `--folders` folders beneath it (half directly, half one level further down) owned by the
 * members in turn, and each member's private folder with 5 subfolders nobody else sees. All
 * inserted with INSERT ... generate_series before the server starts.
 *
 * Measured: the function on the database (no HTTP) — wall time and this process's CPU per call
 * (the whole cost on PGlite, the client's on PostgreSQL) and, on PostgreSQL, the statement's
 * shared buffers and execution time from EXPLAIN (ANALYZE, BUFFERS) — for three callers: the
 * Team owner, a member who owns some of the folders, and a member who owns none of them; then
 * the same over POST /api/query. And the live path's batched statement at that size (decision
 * 034): every member's rank and star on Team's 20 documents (documents.list's memberParts, the
 * soak's most expensive statement). Usage:
 *   node bench/folder-tree.ts [--database pglite|postgres] [--folders 1000] [--members 10]
 *     [--iterations 50] [--warmup 5]
 */

const { database, out, options, log } = benchArgs("folder-tree", "postgres", {
  folders: [1000, 2, 100_000],
  members: [10, 3, 1000],
  iterations: [50, 1, 100_000],
  warmup: [5, 0, 100_000],
  analyze: [1, 0, 1],
});

interface Case {
  caller: string;
  folders: number;
  latency: Summary;
  cpuMsPerCall: number;
  explain?: PlanFigures;
  /** The same statement with PostgreSQL's generic plan (a named statement's, once settled). */
  explainGeneric?: PlanFigures;
}

const direct: Case[] = [];
const batch: Array<{
  members: number;
  documents: number;
  latency: Summary;
  explain?: Case["explain"];
}> = [];
const callers: Array<{ name: string; user: BenchUser }> = [];

async function seedTree(seeded: { db: Db; organizationId: string; users: BenchUser[] }) {
  const { db, organizationId, users } = seeded;
  const owner = users[0]!;
  const teamId = newId();
  await db.insert(folders).values({
    id: teamId,
    organizationId,
    name: "Team",
    slug: "team",
    path: "team",
    ownerId: owner.id,
  });
  await db.insert(dossierShares).values({
    id: newId(),
    organizationId,
    entityType: "folder",
    entityId: teamId,
    granteeUserId: null,
    role: "editor",
    createdBy: owner.id,
  });
  const members = sql.raw(`array[${users.map((u) => `'${u.id}'`).join(",")}]::uuid[]`);
  const half = Math.ceil((options.folders - 1) / 2);
  const started = performance.now();
  // Level 1: team/f-g, owned by the members in turn.
  await db.execute(sql`
    insert into folders (id, organization_id, parent_id, name, slug, path, owner_id)
    select gen_random_uuid(), ${organizationId}, ${teamId}::uuid, 'Folder ' || g, 'f-' || g,
      'team/f-' || g, (${members})[1 + g % ${users.length}]
    from generate_series(1, ${half}) g`);
  // Level 2: team/f-k/s-g under the level-1 folders.
  await db.execute(sql`
    insert into folders (id, organization_id, parent_id, name, slug, path, owner_id)
    select gen_random_uuid(), ${organizationId}, p.id, 'Sub ' || g, 's-' || g,
      p.path || '/s-' || g, (${members})[1 + (g * 7) % ${users.length}]
    from generate_series(1, ${options.folders - 1 - half}) g
    join folders p on p.organization_id = ${organizationId} and p.path = 'team/f-' || (1 + g % ${half})`);
  // Each member's private folder and 5 subfolders (nobody else may read them).
  await db.execute(sql`
    insert into folders (id, organization_id, parent_id, name, slug, path, owner_id)
    select gen_random_uuid(), ${organizationId}, null, 'Private ' || u.n, 'private-' || u.n,
      'private-' || u.n, u.id
    from unnest(${members}) with ordinality u(id, n)`);
  await db.execute(sql`
    insert into folders (id, organization_id, parent_id, name, slug, path, owner_id)
    select gen_random_uuid(), ${organizationId}, p.id, 'Notes ' || g, 'notes-' || g,
      p.path || '/notes-' || g, p.owner_id
    from folders p cross join generate_series(1, 5) g
    where p.organization_id = ${organizationId} and p.parent_id is null and p.path like 'private-%'`);
  // --analyze 0: no statistics (as before autovacuum's first analyze), to see the plans hold.
  if (database === "postgres" && options.analyze === 1) await db.execute(sql`analyze`);
  log(
    `seeded ${options.folders} team folders and ${users.length * 6} private ones in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  callers.push(
    { name: "Team owner", user: owner },
    { name: "member owning some", user: users[1]! },
    { name: "member owning none", user: users[users.length - 1]! },
  );
  // The last member owns no team folder: hand theirs to the first member.
  const none = users[users.length - 1]!;
  await db.execute(
    sql`update folders set owner_id = ${owner.id} where organization_id = ${organizationId} and owner_id = ${none.id} and path like 'team/%'`,
  );
  await measureBatch(db, organizationId, teamId, users);
  for (const c of callers) {
    const caller: DossierCaller = { userId: c.user.id, organizationId };
    let count = 0;
    const cpu: number[] = [];
    const samples = await sample(options.warmup, options.iterations, async () => {
      const cpuBefore = process.cpuUsage();
      const t0 = performance.now();
      const rows = await getAllFolders(db, caller);
      const elapsed = performance.now() - t0;
      const used = process.cpuUsage(cpuBefore);
      cpu.push((used.user + used.system) / 1000);
      count = rows.length;
      return elapsed;
    });
    const result: Case = {
      caller: c.name,
      folders: count,
      latency: summarize(samples),
      cpuMsPerCall: cpu.reduce((a, b) => a + b, 0) / cpu.length,
    };
    if (database === "postgres") {
      const query = getAllFoldersQuery(db, caller).toSQL();
      const name = `get-all-${c.name.replace(/ /g, "-")}`;
      result.explain = await explainCustom(db, query, name);
      result.explainGeneric = await explainGeneric(db, query, name);
    }
    direct.push(result);
    log(
      `${c.name}: ${count} folders, p50 ${ms(result.latency.p50)} ms, ` +
        `${ms(result.cpuMsPerCall)} ms CPU a call in this process` +
        (result.explain
          ? `, execution ${ms(result.explain.executionMs)} ms, ${result.explain.sharedHit} buffers hit`
          : ""),
    );
  }
}

/** memberParts for every member on 20 documents of Team (the soak's live batch). */
async function measureBatch(db: Db, organizationId: string, teamId: string, users: BenchUser[]) {
  const inserted = await db.execute(sql`
    insert into documents (id, organization_id, folder_id, owner_id, storage_id, name,
      file_name_original, file_type, mime_type, size, processing_status, tags, created_at, updated_at)
    select gen_random_uuid(), ${organizationId}, ${teamId}::uuid, ${users[0]!.id},
      ${organizationId} || '/tree-' || g, 'Brief ' || g || '.pdf', 'Brief ' || g || '.pdf', 'pdf',
      'application/pdf', 20000 + g, 'completed', '[]'::jsonb, now(), now()
    from generate_series(1, 20) g
    returning id`);
  const ids = (rowsOf(inserted) as Array<{ id: string }>).map((row) => row.id);
  if (database === "postgres") await db.execute(sql`analyze documents`);
  const inputs = users.map((u) => ({ userId: u.id, ids }));
  const samples = await sample(options.warmup, options.iterations, async () => {
    const t0 = performance.now();
    const parts = await memberParts(db, organizationId, teamId, inputs);
    if (parts.some((part) => !part.readable || part.rows.size !== ids.length))
      throw new Error("a member lost a row of the batch");
    return performance.now() - t0;
  });
  const result: (typeof batch)[number] = {
    members: users.length,
    documents: ids.length,
    latency: summarize(samples),
  };
  if (database === "postgres") {
    // The same statement under EXPLAIN: memberParts' one select, caught before it is prepared.
    let built: BuiltQuery | undefined;
    const catching = {
      select: (fields: Parameters<Db["select"]>[0]) => ({
        from: (source: Parameters<ReturnType<Db["select"]>["from"]>[0]) => {
          const query = db.select(fields).from(source);
          return Object.assign(query, {
            prepare: () => ({
              execute: async () => {
                built = query.toSQL();
                return [];
              },
            }),
          });
        },
      }),
    } as unknown as Db;
    await memberParts(catching, organizationId, teamId, inputs);
    if (built) result.explain = await explainCustom(db, built, "live-batch");
  }
  batch.push(result);
  log(
    `live batch (${users.length} members x ${ids.length} documents): p50 ${ms(result.latency.p50)} ms` +
      (result.explain
        ? `, execution ${ms(result.explain.executionMs)} ms, ${result.explain.sharedHit} buffers hit`
        : ""),
  );
}

const machine = machineInfo();
const server = await prepareServer({
  database,
  log,
  seedMore: seedTree,
  users: options.members,
  extraSessions: 0,
});
const http: Array<{ caller: string; latency: Summary }> = [];
try {
  for (const c of callers) {
    const client = queryClient(server.url, c.user.token);
    try {
      const samples = await sample(options.warmup, options.iterations, async () => {
        const { ms: elapsed } = await client.query("folders.getAll", {});
        return elapsed;
      });
      http.push({ caller: c.name, latency: summarize(samples) });
    } finally {
      client.close();
    }
  }
} finally {
  await server.close();
}

const load = os.loadavg()[0]!.toFixed(1);
const planCells = (plan: PlanFigures | undefined) =>
  plan
    ? [
        ms(plan.planningMs),
        ms(plan.executionMs),
        String(plan.sharedHit),
        String(plan.folderIndexScans),
        `${Math.round(plan.totalCost)}${plan.jit ? " JIT" : ""}`,
      ]
    : ["-", "-", "-", "-", "-"];
const planHeaders = ["plan", "exec", "buffers hit", "folder idx scans", "cost"];
process.stdout.write(
  `\nfolders.getAll, ${options.folders} team folders + ${options.members * 6} private, ${options.members} members, ` +
    `${database}${options.analyze ? "" : ", no ANALYZE"} (ms; load ${load})\n${table(
      ["caller", "folders", "via", "p50", "p99", "CPU/call (this process)"],
      [
        ...direct.map((d) => [
          d.caller,
          String(d.folders),
          "function",
          ms(d.latency.p50),
          ms(d.latency.p99),
          ms(d.cpuMsPerCall),
        ]),
        ...http.map((h) => [h.caller, "", "HTTP", ms(h.latency.p50), ms(h.latency.p99), "-"]),
      ],
    )}\n${
      database === "postgres"
        ? `EXPLAIN (ANALYZE, BUFFERS), custom plan | generic plan\n${table(
            ["caller", ...planHeaders, "|", ...planHeaders],
            direct.map((d) => [
              d.caller,
              ...planCells(d.explain),
              "|",
              ...planCells(d.explainGeneric),
            ]),
          )}\n`
        : ""
    }${table(
      ["live batch (memberParts)", "p50", "p99", ...planHeaders],
      batch.map((b) => [
        `${b.members} members x ${b.documents} documents`,
        ms(b.latency.p50),
        ms(b.latency.p99),
        ...planCells(b.explain),
      ]),
    )}\n`,
);
writeResults("folder-tree", database, out, { machine, database, options, direct, batch, http });
