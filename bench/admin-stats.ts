import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "../src/server/db/database.ts";
import { machineInfo } from "./support/machine.ts";
import { ROOT } from "./support/prepare.ts";
import {
  benchArgs,
  queryClient,
  sample,
  startThrowawayServer,
  writeResults,
} from "./support/query-bench.ts";
import { ms, summarizeWithP95, table } from "./support/stats.ts";

/**
 * admin.stats and admin.organizations.list (decision 026) over POST /api/query with a
 * superadmin's Bearer token, on a big installation: 10 million audit_log rows plus
 * organizations, users, sessions, documents, threads and messages spread over the last 120
 * days. The rows are written with INSERT ... generate_series with the usage triggers off, then
 * the migration's own backfill builds the rollups (timed: it is what an upgrade of a large
 * installation runs). Target: admin.stats under 200 ms.
 * Usage:
 *   node bench/admin-stats.ts [--database postgres|pglite] [--audit 10000000]
 *     [--organizations 500] [--users 50000] [--documents 1000000] [--threads 200000]
 *     [--messages 2000000] [--sessions 200000] [--iterations 200] [--warmup 20]
 */

const { database, out, options, log } = benchArgs("admin-stats", "postgres", {
  audit: [10_000_000, 0, 100_000_000],
  organizations: [500, 1, 100_000],
  users: [50_000, 1, 10_000_000],
  documents: [1_000_000, 0, 50_000_000],
  threads: [200_000, 1, 50_000_000],
  messages: [2_000_000, 0, 100_000_000],
  sessions: [200_000, 0, 50_000_000],
  iterations: [200, 1, 100_000],
  warmup: [20, 0, 100_000],
});
const DAYS = 120;

/** The migration's backfill statements (INSERT INTO usage_…), run as an upgrade would. */
function backfillStatements(): string[] {
  const dir = path.join(ROOT, "src/server/db/migrations");
  const journal = JSON.parse(readFileSync(path.join(dir, "meta/_journal.json"), "utf8")) as {
    entries: Array<{ tag: string }>;
  };
  for (const { tag } of journal.entries) {
    const text = readFileSync(path.join(dir, `${tag}.sql`), "utf8");
    if (!text.includes("atrium_usage_add")) continue;
    return text
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter((s) => /^(--[^\n]*\n)*INSERT INTO usage_/.test(s));
  }
  throw new Error("no migration builds the usage rollups");
}

const timings: Record<string, number> = {};

async function timed(name: string, db: Db, statement: ReturnType<typeof sql>) {
  const started = performance.now();
  await db.execute(statement);
  timings[name] = (performance.now() - started) / 1000;
  log(`${name}: ${timings[name].toFixed(1)} s`);
}

/** A big installation, the rollups built by the migration's backfill. */
async function seedInstallation(seeded: { db: Db; users: { id: string }[] }) {
  const { db } = seeded;
  const o = options;
  // The bench user reads as a superadmin.
  await db.execute(sql`update users set is_superadmin = true where id = ${seeded.users[0]!.id}`);
  // Bulk rows without the per-row usage triggers; the backfill below counts them instead.
  for (const table of ["documents", "threads", "messages", "sessions"]) {
    await db.execute(sql.raw(`alter table ${table} disable trigger atrium_usage`));
  }
  await db.execute(sql.raw("alter table messages disable trigger atrium_usage_tokens"));
  const spread = (g: string) =>
    sql.raw(`now() - ((${g}::bigint * 7919) % (${DAYS} * 86400)) * interval '1 second'`);
  await timed(
    "organizations",
    db,
    sql`insert into organizations (id, name, slug, created_at, suspended_at)
      select gen_random_uuid(), 'Organization ' || g, 'bench-org-' || g, ${spread("g")},
        case when g % 25 = 0 then now() end
      from generate_series(1, ${sql.raw(String(o.organizations))}) g`,
  );
  await db.execute(sql`create unlogged table bench_orgs as
    select id, row_number() over (order by slug) - 1 as n from organizations`);
  await timed(
    "users",
    db,
    sql`insert into users (id, organization_id, first_name, last_name, email, role, created_at)
      select gen_random_uuid(), (select id from bench_orgs where n = g % ${sql.raw(String(o.organizations))}),
        'User', 'N' || g, 'bench-' || g || '@example.test',
        case when g % 20 = 0 then 'OrganizationAdmin' else 'Member' end, ${spread("g")}
      from generate_series(1, ${sql.raw(String(o.users))}) g`,
  );
  await db.execute(sql`create unlogged table bench_users as
    select id, organization_id, row_number() over (order by email) - 1 as n from users
    where organization_id is not null`);
  await db.execute(sql`create index on bench_users (n)`);
  await timed(
    "sessions",
    db,
    sql`insert into sessions (id, user_id, organization_id, created_at, last_used_at, expires_at)
      select gen_random_uuid(), u.id, u.organization_id, ${spread("g")}, ${spread("(g * 3)")},
        now() + interval '30 days'
      from generate_series(1, ${sql.raw(String(o.sessions))}) g
      join bench_users u on u.n = g % ${sql.raw(String(o.users))}`,
  );
  await timed(
    "documents",
    db,
    sql`insert into documents (id, organization_id, owner_id, storage_id, name, file_type,
        mime_type, size, processing_status, created_at, updated_at)
      select gen_random_uuid(), u.organization_id, u.id, 'bench/' || g, 'Contract ' || g || '.pdf',
        'pdf', 'application/pdf', 20000 + (g % 500000),
        case when g % 50 = 0 then 'failed' else 'completed' end, ${spread("g")}, ${spread("g")}
      from generate_series(1, ${sql.raw(String(o.documents))}) g
      join bench_users u on u.n = g % ${sql.raw(String(o.users))}`,
  );
  await timed(
    "threads",
    db,
    sql`insert into threads (id, organization_id, user_id, title, created_at)
      select 'bench-thread-' || g, u.organization_id, u.id, 'Thread ' || g, ${spread("g")}
      from generate_series(1, ${sql.raw(String(o.threads))}) g
      join bench_users u on u.n = g % ${sql.raw(String(o.users))}`,
  );
  await timed(
    "messages",
    db,
    sql`insert into messages (id, organization_id, thread_id, user_id, role, parts, seq,
        model_id, usage, created_at)
      select 'bench-message-' || g, u.organization_id, 'bench-thread-' || t, u.id,
        case when g % 2 = 0 then 'assistant' else 'user' end,
        '[{"type":"text","text":"A question about the contract and its answer."}]'::jsonb,
        g / ${sql.raw(String(o.threads))},
        case when g % 2 = 0 then (array['gpt-4o', 'claude-sonnet', 'llama-3.1-8b'])[1 + g % 3] end,
        case when g % 2 = 0 then jsonb_build_object('inputTokens', 400 + g % 900, 'outputTokens', 80 + g % 300) end,
        ${spread("t")} + (g % 600) * interval '1 second'
      from generate_series(1, ${sql.raw(String(o.messages))}) g
      cross join lateral (select g % ${sql.raw(String(o.threads))} + 1 as t) tt
      join bench_users u on u.n = (g % ${sql.raw(String(o.threads))} + 1) % ${sql.raw(String(o.users))}`,
  );
  await timed(
    "audit_log",
    db,
    sql`insert into audit_log (id, organization_id, actor_user_id, action, metadata, created_at)
      select gen_random_uuid(), (select id from bench_orgs where n = g % ${sql.raw(String(o.organizations))}), null,
        (array['auth.sign_in', 'auth.sign_out', 'invitation.create', 'admin.dossier.view'])[1 + g % 4],
        '{}'::jsonb, now() - (g % (365 * 86400)) * interval '1 second'
      from generate_series(1, ${sql.raw(String(o.audit))}) g`,
  );
  for (const table of ["documents", "threads", "messages", "sessions"]) {
    await db.execute(sql.raw(`alter table ${table} enable trigger atrium_usage`));
  }
  await db.execute(sql.raw("alter table messages enable trigger atrium_usage_tokens"));

  await db.execute(sql`drop table bench_orgs, bench_users`);
  await db.execute(sql`truncate usage_daily, usage_totals, usage_active_users`);
  const started = performance.now();
  for (const statement of backfillStatements()) await db.execute(sql.raw(statement));
  timings.backfill = (performance.now() - started) / 1000;
  log(`the migration's backfill: ${timings.backfill.toFixed(1)} s`);
  await db.execute(sql`analyze`);
  const counted = await db.execute(sql`select (select count(*) from usage_daily)::int as daily,
      (select count(*) from usage_active_users)::int as active`);
  const rows = (counted as unknown as { rows: Array<{ daily: number; active: number }> }).rows[0];
  rollupRows.daily = Number(rows?.daily);
  rollupRows.active = Number(rows?.active);
  log(`rollups: ${rollupRows.daily} usage_daily rows, ${rollupRows.active} active-user rows`);
}
const rollupRows = { daily: 0, active: 0 };

const machine = machineInfo();
const server = await startThrowawayServer({ database, log, seedMore: seedInstallation });

const cases = [
  { name: "admin.stats 7 days", path: "admin.stats", args: { days: 7 } },
  { name: "admin.stats 30 days", path: "admin.stats", args: { days: 30 } },
  { name: "admin.stats 90 days", path: "admin.stats", args: { days: 90 } },
  { name: "admin.organizations.list", path: "admin.organizations.list", args: {} },
  {
    name: "admin.organizations.list search",
    path: "admin.organizations.list",
    args: { search: "organization 4" },
  },
];
const results: Array<{ name: string; p50: number; p95: number; p99: number; max: number }> = [];
const client = queryClient(server.url, server.users[0]!.token);
try {
  for (const c of cases) {
    const samples = await sample(
      options.warmup,
      options.iterations,
      async () => (await client.query(c.path, c.args)).ms,
    );
    const summary = summarizeWithP95(samples);
    const { p50, p95, p99, max } = summary;
    results.push({ name: c.name, p50, p95, p99, max });
    log(`${c.name}: p50 ${ms(summary.p50)} ms, p99 ${ms(summary.p99)} ms`);
  }
} finally {
  client.close();
  await server.close();
}

process.stdout.write(
  `\nadmin functions over HTTP, ${database}, ${options.audit.toLocaleString("en-US")} audit rows, ` +
    `${options.organizations} organizations (ms; load ${os.loadavg()[0]!.toFixed(1)})\n` +
    `${table(
      ["query", "p50", "p95", "p99", "max"],
      results.map((r) => [r.name, ms(r.p50), ms(r.p95), ms(r.p99), ms(r.max)]),
    )}\n`,
);
writeResults("admin-stats", database, out, {
  machine,
  database,
  options,
  seedSeconds: timings,
  rollupRows,
  http: results,
});
