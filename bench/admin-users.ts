import os from "node:os";
import { eq, sql } from "drizzle-orm";
import { type ListUsersOptions, listUsers } from "../src/server/admin/users/list-users.ts";
import type { Db } from "../src/server/db/database.ts";
import { organizations, users } from "../src/server/db/schema.ts";
import { machineInfo } from "./support/machine.ts";
import {
  benchArgs,
  queryClient,
  sample,
  startThrowawayServer,
  timeOf,
  writeResults,
} from "./support/query-bench.ts";
import { ms, type Summary, summarizeWithP95, table } from "./support/stats.ts";

/**
 * admin.users.list (decision 025) over POST /api/query with a superadmin's Bearer token,
 * with 100,000 users across 50 organizations: the first page by default, with a search,
 * with each filter, and a page deep in the list reached through real cursors. The users
 * are inserted with one INSERT ... generate_series before the server starts, with every
 * index and trigger in place, then ANALYZEd (as autovacuum would soon do).
 * Usage:
 *   node bench/admin-users.ts [--database postgres|pglite] [--users 100000]
 *     [--organizations 50] [--iterations 200] [--warmup 20] [--page-size 50]
 */

const { database, out, options, log } = benchArgs("admin-users", "postgres", {
  users: [100_000, 1, 5_000_000],
  organizations: [50, 1, 10_000],
  iterations: [200, 1, 100_000],
  warmup: [20, 0, 100_000],
  pageSize: [50, 1, 200],
});

// 40 first names and 50 last names: each first name about 2.5% of the users, each last name 2%.
const FIRST = [
  "Ada",
  "Alan",
  "Amara",
  "Anna",
  "Ben",
  "Carla",
  "Chen",
  "Clara",
  "David",
  "Elena",
  "Emma",
  "Farah",
  "Grace",
  "Hana",
  "Ines",
  "Ivan",
  "Jonas",
  "Julia",
  "Karim",
  "Lena",
  "Liam",
  "Lucas",
  "Maria",
  "Marcus",
  "Mei",
  "Nadia",
  "Noah",
  "Olga",
  "Omar",
  "Paula",
  "Priya",
  "Rafael",
  "Sara",
  "Sofia",
  "Tariq",
  "Tom",
  "Uma",
  "Victor",
  "Yuki",
  "Zoe",
];
const LAST = [
  "Adams",
  "Ahmed",
  "Baker",
  "Becker",
  "Brown",
  "Castro",
  "Chen",
  "Costa",
  "Diaz",
  "Dubois",
  "Evans",
  "Fischer",
  "Garcia",
  "Gomez",
  "Hansen",
  "Hopper",
  "Ito",
  "Jansen",
  "Kim",
  "Kowalski",
  "Lee",
  "Lopez",
  "Lovelace",
  "Martin",
  "Meyer",
  "Moreau",
  "Nguyen",
  "Novak",
  "Okafor",
  "Olsen",
  "Patel",
  "Perez",
  "Quinn",
  "Rossi",
  "Santos",
  "Schmidt",
  "Silva",
  "Smith",
  "Suzuki",
  "Tanaka",
  "Turing",
  "Usman",
  "Vargas",
  "Wagner",
  "Walsh",
  "Weber",
  "Wong",
  "Yilmaz",
  "Young",
  "Zhang",
];
const prepared = { organizationId: "" };

/** The users, spread over organizations, roles, activity and status; users[0] a superadmin. */
async function seedUsers(seeded: { db: Db; organizationId: string; users: { id: string }[] }) {
  const { db } = seeded;
  await db.update(users).set({ isSuperadmin: true }).where(eq(users.id, seeded.users[0]!.id));
  const started = performance.now();
  await db.execute(sql`
    insert into organizations (id, name, slug)
    select gen_random_uuid(), 'Organization ' || g, 'organization-' || g
    from generate_series(1, ${options.organizations}) g`);
  const firsts = `{${FIRST.join(",")}}`;
  const lasts = `{${LAST.join(",")}}`;
  await db.execute(sql`
    with orgs as (select id, row_number() over (order by slug) - 1 as n from organizations
                  where slug like 'organization-%')
    insert into users (id, organization_id, first_name, last_name, email, password_hash,
      role, disabled, is_superadmin, last_active_at, created_at, updated_at)
    select gen_random_uuid(), orgs.id,
      (${firsts}::text[])[1 + g % ${FIRST.length}],
      (${lasts}::text[])[1 + (g / ${FIRST.length}) % ${LAST.length}],
      lower((${firsts}::text[])[1 + g % ${FIRST.length}]) || '.' ||
        lower((${lasts}::text[])[1 + (g / ${FIRST.length}) % ${LAST.length}]) || '.' || g ||
        '@org' || (g % ${options.organizations}) || '.example.test',
      null,
      case when g % 20 = 0 then 'OrganizationAdmin' else 'Member' end,
      g % 50 = 0,
      g % 5000 = 0,
      case when g % 4 = 0 then null else now() - (g % 120) * interval '1 day' end,
      timestamptz '2024-01-01 00:00:00+00' + g * interval '1 minute',
      now()
    from generate_series(1, ${options.users}) g
    join orgs on orgs.n = g % ${options.organizations}`);
  log(
    `inserted ${options.users} users in ${options.organizations} organizations in ${seconds(started)} s`,
  );
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, "organization-7"));
  prepared.organizationId = org!.id;
  await db.execute(sql`analyze users`);
  await db.execute(sql`analyze organizations`);
  await measureDirectly(db, prepared.organizationId);
}

interface CaseResult {
  name: string;
  rows: number;
  latency: Summary & { p95: number };
}
/** Filled while seeding, before the server starts. */
const direct: CaseResult[] = [];

interface Case {
  name: string;
  args: Omit<ListUsersOptions, "db" | "numItems" | "cursor"> & {
    paginationOpts: { numItems: number; cursor: string | null };
  };
}

const WALK_PAGES = 40;

/** The measured calls: the first page, a deep page, each search kind and filter. */
function casesFor(organizationId: string, cursor: string | null): Case[] {
  const first = { numItems: options.pageSize, cursor: null };
  const walked = WALK_PAGES;
  return [
    { name: "first page (default)", args: { paginationOpts: first } },
    { name: `page ${walked + 1} (cursor)`, args: { paginationOpts: { ...first, cursor } } },
    { name: 'search "grace" (first name)', args: { search: "grace", paginationOpts: first } },
    {
      name: 'search "zoe" (first name, last in email order)',
      args: { search: "zoe", paginationOpts: first },
    },
    { name: 'search "m" (one letter)', args: { search: "m", paginationOpts: first } },
    { name: 'search "okafor" (last name)', args: { search: "okafor", paginationOpts: first } },
    {
      name: 'search "ada lovelace" (full name)',
      args: { search: "ada lovelace", paginationOpts: first },
    },
    {
      name: 'search "maria.smith.1" (email)',
      args: { search: "maria.smith.1", paginationOpts: first },
    },
    { name: 'search "zz" (no match)', args: { search: "zz", paginationOpts: first } },
    {
      name: "organization",
      args: { organizationId: organizationId, paginationOpts: first },
    },
    { name: "role OrganizationAdmin", args: { role: "OrganizationAdmin", paginationOpts: first } },
    { name: "superadmins", args: { superadmin: true, paginationOpts: first } },
    { name: "disabled", args: { disabled: true, paginationOpts: first } },
    { name: "last active 7d", args: { lastActive: "7d", paginationOpts: first } },
    { name: "never active", args: { lastActive: "never", paginationOpts: first } },
    {
      name: 'organization + search "julia"',
      args: { organizationId: organizationId, search: "julia", paginationOpts: first },
    },
  ];
}

/**
 * The function itself on the database (no HTTP, no auth), before the server starts: the
 * query's own cost, which moves less with other work on the machine than the HTTP figures.
 */
async function measureDirectly(db: Db, organizationId: string) {
  let cursor: string | null = null;
  for (let i = 0; i < WALK_PAGES; i++) {
    const page = await listUsers({ db, numItems: options.pageSize, cursor });
    cursor = page.continueCursor;
  }
  for (const c of casesFor(organizationId, cursor)) {
    const { paginationOpts, ...filters } = c.args;
    let rows = 0;
    const call = async () => {
      rows = (await listUsers({ db, ...filters, ...paginationOpts })).page.length;
    };
    const samples = await sample(options.warmup, options.iterations, () => timeOf(call));
    direct.push({ name: c.name, rows, latency: summarizeWithP95(samples) });
  }
  log(`measured the function directly (${direct.length} cases)`);
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

interface Page {
  page: Array<{ _id: string; email: string }>;
  isDone: boolean;
  continueCursor: string;
}

const machine = machineInfo();
const server = await startThrowawayServer({ database, log, seedMore: seedUsers });

const results: CaseResult[] = [];
let walk = { pages: 0, rows: 0, duplicates: 0, seconds: 0 };
const client = queryClient(server.url, server.users[0]!.token);
const listPage = (args: object) => client.query<Page>("admin.users.list", args);
try {
  // Walk 40 pages through real cursors: every row once, in order; keep the last cursor.
  const seen = new Set<string>();
  let cursor: string | null = null;
  let previous = "";
  const started = performance.now();
  for (let i = 0; i < WALK_PAGES; i++) {
    const { value: page } = await listPage({
      paginationOpts: { numItems: options.pageSize, cursor },
    });
    walk.pages++;
    for (const row of page.page) {
      if (seen.has(row._id)) walk.duplicates++;
      seen.add(row._id);
      if (row.email.toLowerCase() < previous) throw new Error("rows out of order");
      previous = row.email.toLowerCase();
    }
    if (page.isDone) break;
    cursor = page.continueCursor;
  }
  walk = { ...walk, rows: seen.size, seconds: (performance.now() - started) / 1000 };
  if (walk.duplicates > 0) throw new Error(`${walk.duplicates} duplicates in the walk`);
  log(`walked ${walk.pages} pages, ${walk.rows} rows, no duplicates`);

  const cases = casesFor(prepared.organizationId, cursor);
  for (const c of cases) {
    let rows = 0;
    const samples = await sample(options.warmup, options.iterations, async () => {
      const { value: page, ms: elapsed } = await listPage(c.args);
      rows = page.page.length;
      return elapsed;
    });
    const latency = summarizeWithP95(samples);
    results.push({ name: c.name, rows, latency });
    log(`${c.name}: ${rows} rows, p50 ${ms(latency.p50)} ms, p99 ${ms(latency.p99)} ms`);
  }
} finally {
  client.close();
  await server.close();
}

const headers = ["via", "case", "rows", "p50", "p95", "p99", "max", "mean"];
const rows = [
  ...direct.map((r) => ({ ...r, via: "function" })),
  ...results.map((r) => ({ ...r, via: "HTTP" })),
].map((r) => [
  r.via,
  r.name,
  String(r.rows),
  ms(r.latency.p50),
  ms(r.latency.p95),
  ms(r.latency.p99),
  ms(r.latency.max),
  ms(r.latency.mean),
]);
process.stdout.write(
  `\nadmin.users.list, ${options.pageSize} per page, ${options.users.toLocaleString("en-US")} users ` +
    `in ${options.organizations} organizations, ${database} (ms; load ${os.loadavg()[0]!.toFixed(1)})\n` +
    `${table(headers, rows)}\n`,
);

writeResults("admin-users", database, out, {
  machine,
  database,
  options,
  walk,
  direct,
  http: results,
});
