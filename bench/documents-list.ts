import os from "node:os";
import { sql } from "drizzle-orm";
import type { Db } from "../src/server/db/database.ts";
import { folders } from "../src/server/db/schema.ts";
import { listDocuments } from "../src/server/documents/list-documents.ts";
import { newId } from "../src/server/ids.ts";
import { machineInfo } from "./support/machine.ts";
import {
  benchArgs,
  queryClient,
  sample,
  startThrowawayServer,
  timeOf,
  writeResults,
} from "./support/query-bench.ts";
import { ms, type Summary, summarize, table } from "./support/stats.ts";

/**
 * documents.list in a folder of 100,000 documents, over POST /api/query with a Bearer token
 * (auth, the query, JSON): the first page, and pages deep in the folder reached through real
 * cursors. The rows are inserted with one INSERT ... generate_series before the server starts,
 * with every index and trigger in place (and no ANALYZE: PGlite never runs autovacuum).
 * Usage:
 *   node bench/documents-list.ts [--database pglite|postgres] [--documents 100000]
 *     [--elsewhere 20000] [--iterations 200] [--warmup 30] [--page-size 20]
 */

const { database, out, options, log } = benchArgs("documents-list", "pglite", {
  documents: [100_000, 1, 5_000_000],
  elsewhere: [20_000, 0, 5_000_000],
  iterations: [200, 1, 100_000],
  warmup: [30, 0, 100_000],
  pageSize: [20, 1, 200],
});

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** Set while seeding: the folder measured, and cursors to pages at known depths. */
const prepared = {
  folderId: "",
  cursors: [] as Array<{ name: string; start: number; cursor: string | null }>,
};
const direct: CaseResult[] = [];
let walk = { pages: 0, rows: 0, duplicates: 0, seconds: 0 };

/** The big folder, plus documents at the top level so the index holds more than one folder. */
async function seedDocuments(seeded: { db: Db; organizationId: string; users: { id: string }[] }) {
  const { db, organizationId } = seeded;
  const ownerId = seeded.users[0]!.id;
  const folderId = newId();
  await db.insert(folders).values({
    id: folderId,
    organizationId,
    name: "Archive",
    slug: "archive",
    path: "archive",
    ownerId,
  });
  const insert = (count: number, folder: string | null, label: string) =>
    db.execute(sql`
      insert into documents (id, organization_id, folder_id, owner_id, storage_id, name,
        file_name_original, file_type, mime_type, size, processing_status, summary, tags,
        html_content, text_content, created_at, updated_at)
      select gen_random_uuid(), ${organizationId}, ${folder}::uuid, ${ownerId},
        ${organizationId} || '/' || ${label} || '-' || g, 'Contract ' || g || '.pdf',
        'Contract ' || g || '.pdf', 'pdf', 'application/pdf', 20000 + g, 'completed',
        'The parties agree on the terms of contract ' || g || '.', '["contract"]'::jsonb,
        repeat('<p>Clause text of a processed contract.</p>', 50),
        repeat('Clause text of a processed contract. ', 50),
        timestamptz '2024-01-01 00:00:00+00' + g * interval '1 second' + (g % 7) * interval '1 microsecond',
        now()
      from generate_series(1, ${count}) g`);
  let started = performance.now();
  await insert(options.documents, folderId, "archive");
  log(`inserted ${options.documents} documents in one folder in ${seconds(started)} s`);
  if (options.elsewhere > 0) {
    started = performance.now();
    await insert(options.elsewhere, null, "top");
    log(`inserted ${options.elsewhere} documents at the top level in ${seconds(started)} s`);
  }
  prepared.folderId = folderId;
  await measureDirectly(db, { userId: ownerId, organizationId });
}

/**
 * The function itself on the database (no HTTP, no auth): every page of the folder in turn,
 * which proves the cursor reaches each row once and collects cursors at known depths; then the
 * first page again and again.
 */
async function measureDirectly(db: Db, caller: { userId: string; organizationId: string }) {
  const page = (cursor: string | null) =>
    listDocuments({
      db,
      caller,
      folderId: prepared.folderId,
      numItems: options.pageSize,
      cursor,
    });
  const targets = new Map([
    [1_000, "deep page"],
    [Math.floor(options.documents / 2), "deep page"],
  ]);
  const seen = new Set<string>();
  const samples: number[] = [];
  const started = performance.now();
  let cursor: string | null = null;
  for (;;) {
    const before = seen.size;
    const t0 = performance.now();
    const result = await page(cursor);
    samples.push(performance.now() - t0);
    walk.pages++;
    for (const doc of result.page) {
      if (seen.has(doc._id)) walk.duplicates++;
      seen.add(doc._id);
    }
    for (const [depth, name] of targets) {
      if (before <= depth && depth < seen.size)
        prepared.cursors.push({ name, start: before, cursor });
    }
    if (result.isDone) {
      prepared.cursors.push({ name: "last page", start: before, cursor });
      break;
    }
    cursor = result.continueCursor;
  }
  walk = { ...walk, rows: seen.size, seconds: (performance.now() - started) / 1000 };
  log(
    `walked the folder directly: ${walk.rows} rows in ${walk.pages} pages (${walk.seconds.toFixed(1)} s), ` +
      `${walk.duplicates} duplicates`,
  );
  if (walk.rows !== options.documents || walk.duplicates > 0) {
    throw new Error(`the walk saw ${walk.rows} rows and ${walk.duplicates} duplicates`);
  }
  direct.push({ name: "every page in turn", start: "0 .. end", latency: summarize(samples) });
  const first = await sample(options.warmup, options.iterations, () => timeOf(() => page(null)));
  direct.push({ name: "first page", start: "0", latency: summarize(first) });
}

interface CaseResult {
  name: string;
  /** Position of the first row of the measured page in the folder. */
  start: string;
  latency: Summary;
}

interface Page {
  page: Array<{ _id: string }>;
  isDone: boolean;
  continueCursor: string;
}

const machine = machineInfo();
const server = await startThrowawayServer({ database, log, seedMore: seedDocuments });

const results: CaseResult[] = [];
const client = queryClient(server.url, server.users[0]!.token);
try {
  const cases = [{ name: "first page", start: 0, cursor: null }, ...prepared.cursors];
  for (const c of cases) {
    const args = {
      paginationOpts: { numItems: options.pageSize, cursor: c.cursor },
      filter: { folderId: prepared.folderId },
    };
    const samples = await sample(options.warmup, options.iterations, async () => {
      const { value, ms: elapsed } = await client.query<Page>("documents.list", args);
      if (value.page.length === 0) throw new Error(`${c.name}: an empty page`);
      return elapsed;
    });
    const latency = summarize(samples);
    const start = c.start.toLocaleString("en-US");
    results.push({ name: c.name, start, latency });
    log(`HTTP ${c.name} at ${start}: p50 ${ms(latency.p50)} ms, p99 ${ms(latency.p99)} ms`);
  }
} finally {
  client.close();
  await server.close();
}

const headers = ["call", "page", "starts at row", "p50", "p90", "p99", "max", "mean"];
const rows = [
  ...direct.map((r) => ({ ...r, via: "function" })),
  ...results.map((r) => ({ ...r, via: "HTTP" })),
].map((r) => [
  r.via,
  r.name,
  r.start,
  ms(r.latency.p50),
  ms(r.latency.p90),
  ms(r.latency.p99),
  ms(r.latency.max),
  ms(r.latency.mean),
]);
process.stdout.write(
  `\ndocuments.list, ${options.pageSize} per page, folder of ${options.documents.toLocaleString("en-US")} ` +
    `documents, ${database} (ms; load ${os.loadavg()[0]!.toFixed(1)})\n${table(headers, rows)}\n`,
);

writeResults("documents-list", database, out, {
  machine,
  database,
  options,
  walk,
  direct,
  http: results,
});
