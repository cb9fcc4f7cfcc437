import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { MockEmbeddingModelV4 } from "ai/test";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../src/server/db/client.ts";
import type { Db } from "../src/server/db/database.ts";
import { folders, users } from "../src/server/db/schema.ts";
import { hybridSearch, searchPassages } from "../src/server/documents/hybrid-search.ts";
import { listDocuments } from "../src/server/documents/list-documents.ts";
import { newId } from "../src/server/ids.ts";
import { type EmbeddingChoice, unitVector } from "../src/server/models/embedding-model.ts";
import { createOrganization } from "../src/server/organizations/create-organization.ts";
import { startBenchCluster } from "./support/bench-postgres.ts";
import { machineInfo } from "./support/machine.ts";
import { RESULTS_DIR } from "./support/prepare.ts";
import { ms, rounded, type Summary, summarize, table } from "./support/stats.ts";

/**
 * Dossier search (decision 031) on generated data, the functions themselves on the database
 * (no HTTP, no server): documents.search full-text and hybrid, searchPassages (the chat tool's
 * and review tables' seam), and documents.list sorted by name in a folder of --documents
 * documents. The corpus is generated in SQL (generate_series) in one transaction with the
 * secondary indexes dropped and triggers off, then the indexes are rebuilt from their own
 * definitions (so the schema ends as the migrations made it), then ANALYZE.
 *
 * --keep-data <dir> keeps the seeded database in <dir> (PostgreSQL: a cluster's data directory,
 * started again on the next run; PGlite: its data directory) and reuses it when it was seeded
 * with the same corpus options, so queries can be re-run without seeding again.
 * Usage:
 *   node bench/search.ts [--database pglite|postgres] [--documents 100000] [--chunks-per-doc 10]
 *     [--words 40] [--dims 64] [--embedded 100000] [--iterations 100] [--warmup 10]
 *     [--keep-data <dir>] [--explain <ms>]
 * --explain <ms> (PostgreSQL): the plan of every statement slower than <ms>, with buffers, goes
 * to <dir>/postgres.log (auto_explain).
 */

const { values } = parseArgs({
  options: {
    database: { type: "string", default: "pglite" },
    documents: { type: "string", default: "100000" },
    "chunks-per-doc": { type: "string", default: "10" },
    words: { type: "string", default: "40" },
    dims: { type: "string", default: "64" },
    embedded: { type: "string", default: "100000" },
    iterations: { type: "string", default: "100" },
    warmup: { type: "string", default: "10" },
    "keep-data": { type: "string" },
    explain: { type: "string" },
  },
});
const database = values.database;
if (database !== "pglite" && database !== "postgres") {
  throw new Error("--database: pglite or postgres");
}
const num = (name: Exclude<keyof typeof values, "database" | "keep-data" | "explain">) => {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name}: a whole number`);
  return value;
};
const corpus = {
  documents: num("documents"),
  chunksPerDoc: num("chunks-per-doc"),
  words: num("words"),
  dims: num("dims"),
  embedded: Math.min(num("embedded"), num("documents") * num("chunks-per-doc")),
};
const options = { ...corpus, iterations: num("iterations"), warmup: num("warmup") };
const log = (line: string) => process.stderr.write(`[search ${database}] ${line}\n`);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** A deterministic stand-in for an embedding model (the cost measured is the database's). */
function benchEmbedding(dims: number): EmbeddingChoice {
  const vectorOf = (text: string) => {
    const v = new Array<number>(dims).fill(0);
    for (const ch of text) v[ch.charCodeAt(0) % dims]! += 1;
    return unitVector(v);
  };
  return {
    id: "bench:embed",
    model: new MockEmbeddingModelV4({
      doEmbed: async ({ values: texts }) => ({ embeddings: texts.map(vectorOf), warnings: [] }),
    }),
  };
}

interface CaseResult {
  name: string;
  latency: Summary;
  /** CPU time of this process per call (ms): the JavaScript side, not the database's. */
  cpuPerCall: number;
  /** CPU time of the PostgreSQL server processes per call (ms); PGlite runs in this process. */
  serverCpuPerCall?: number;
}
const results: CaseResult[] = [];

interface Seeded {
  organizationId: string;
  ownerId: string;
  folderId: string;
}

/** Seeds the corpus; returns the ids the cases need. */
async function seed(db: Db): Promise<Seeded> {
  const organization = await createOrganization({ db, name: "Bench Organization" });
  const organizationId = organization.id;
  const ownerId = newId();
  await db.insert(users).values({
    id: ownerId,
    email: "bench-owner@example.test",
    passwordHash: null,
    firstName: "Bench",
    lastName: "Owner",
    organizationId,
    role: "Member",
  });
  const folderId = newId();
  await db.insert(folders).values({
    id: folderId,
    organizationId,
    name: "Archive",
    slug: "archive",
    path: "archive",
    ownerId,
  });
  const embeddingId = benchEmbedding(corpus.dims).id;
  const total = corpus.documents * corpus.chunksPerDoc;
  await db.transaction(async (tx) => {
    // Bulk load: no triggers (live changes, usage counts, foreign keys: the rows are made
    // consistent here), secondary indexes rebuilt afterwards from their own definitions.
    await tx.execute(sql`set local session_replication_role = replica`);
    const indexes = indexRows(
      await tx.execute(sql`
        select i.indexname as name, i.indexdef as definition
        from pg_indexes i
        where i.schemaname = current_schema() and i.tablename in ('documents', 'document_chunks')
          and not exists (select 1 from pg_constraint k where k.conname = i.indexname)`),
    );
    for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`));
    let started = performance.now();
    // Document g's id is derived from g, so its passages need no lookup.
    await tx.execute(sql`
      insert into documents (id, organization_id, folder_id, owner_id, storage_id, name, file_type,
        mime_type, size, processing_status, tags, primary_tag_name, created_at, updated_at)
      select md5('bench-document-' || g)::uuid, ${organizationId}, ${folderId}, ${ownerId},
        'bench/' || g, 'Document ' || md5(g::text) || '.pdf', 'pdf', 'application/pdf',
        1000 + g % 9973, 'completed',
        case when g % 3 = 0 then '["Contract"]'::jsonb else '[]'::jsonb end,
        case when g % 3 = 0 then 'Contract' end,
        timestamptz '2024-01-01 00:00:00+00' + g * interval '1 second', now()
      from generate_series(1, ${corpus.documents}::int) g`);
    log(`inserted ${corpus.documents} documents in ${seconds(started)} s`);

    // Passages: --words words each from a vocabulary of 5,000 ("w0" .. "w4999"), skewed so a
    // few words are in almost every passage and most are rare, as in real text. The first
    // --embedded passages get a random unit vector (the model's cost is not what is measured).
    started = performance.now();
    const step = 100_000;
    for (let from = 0; from < total; from += step) {
      await tx.execute(sql`
        insert into document_chunks (id, organization_id, document_id, ordinal, content,
          embedding, embedding_model)
        select gen_random_uuid(), ${organizationId},
          md5('bench-document-' || (c.n / ${corpus.chunksPerDoc}::int + 1))::uuid,
          c.n % ${corpus.chunksPerDoc}::int,
          (select string_agg('w' || (((c.n::bigint * 7919 + i * 104729) % 5000) *
            ((c.n + i) % 5000) / 5000), ' ')
           from generate_series(1, ${corpus.words}::int) i),
          case when c.n < ${corpus.embedded}::int then (
            select array_agg((v / norm)::real order by i) from (
              select i, v, sqrt(sum(v * v) over ()) as norm from (
                select i, (hashtext(c.n || '-' || i) % 1000) / 1000.0 as v
                from generate_series(1, ${corpus.dims}::int) i) r) u)
          end,
          case when c.n < ${corpus.embedded}::int then ${embeddingId} end
        from generate_series(${from}::int, ${Math.min(total, from + step) - 1}::int) c(n)`);
      log(`  ${Math.min(total, from + step)} / ${total} passages (${seconds(started)} s)`);
    }
    started = performance.now();
    for (const index of indexes) {
      const t0 = performance.now();
      await tx.execute(sql.raw(index.definition));
      log(`  rebuilt ${index.name} in ${seconds(t0)} s`);
    }
    log(`rebuilt ${indexes.length} indexes in ${seconds(started)} s`);
  });
  let started = performance.now();
  await seedSearchTerms(db, organizationId);
  log(`filled the vocabulary in ${seconds(started)} s`);
  started = performance.now();
  await db.execute(sql`analyze`);
  log(`analyzed in ${seconds(started)} s`);
  return { organizationId, ownerId, folderId };
}

/** The organization's vocabulary, as processing would have recorded it. */
async function seedSearchTerms(db: Db, organizationId: string) {
  await db.execute(sql`
    insert into search_terms (organization_id, term)
    select ${organizationId}::uuid, word from ts_stat('select tsv from document_chunks') s
    where length(word) between 3 and 40
    on conflict do nothing`);
}

function indexRows(result: unknown): { name: string; definition: string }[] {
  return (result as { rows: { name: string; definition: string }[] }).rows;
}

async function run(db: Db, seeded: Seeded) {
  const { organizationId, ownerId, folderId } = seeded;
  const caller = { userId: ownerId, organizationId };
  const embedding = benchEmbedding(corpus.dims);
  const queries = [
    "w12 w4000",
    "w77",
    '"w0 w0"',
    "w1234 w2345 w3456",
    "w9*",
    "w4999 -w0",
    "w17w", // no such word: a misspelling, widened by trigram similarity
  ];
  const measure = async (name: string, call: (i: number) => Promise<unknown>) => {
    const samples: number[] = [];
    let cpu = 0;
    let serverCpu = 0;
    for (let i = 0; i < options.warmup + options.iterations; i++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const s0 = cluster?.cpuMs() ?? 0;
      await call(i);
      if (i >= options.warmup) {
        samples.push(performance.now() - t0);
        const used = process.cpuUsage(c0);
        cpu += (used.user + used.system) / 1000;
        serverCpu += (cluster?.cpuMs() ?? 0) - s0;
      }
    }
    const latency = summarize(samples);
    const cpuPerCall = cpu / Math.max(1, options.iterations);
    const serverCpuPerCall = cluster ? serverCpu / Math.max(1, options.iterations) : undefined;
    results.push({ name, latency, cpuPerCall, serverCpuPerCall });
    log(
      `${name}: p50 ${ms(latency.p50)} p99 ${ms(latency.p99)} (CPU per call: this process ${ms(cpuPerCall)}` +
        `${serverCpuPerCall === undefined ? "" : `, PostgreSQL ${ms(serverCpuPerCall)}`})`,
    );
  };
  await measure("search, full-text", (i) =>
    hybridSearch({ db, caller, query: queries[i % queries.length]!, offset: 0, limit: 20 }),
  );
  if (options.embedded > 0) {
    await measure("search, hybrid", (i) =>
      hybridSearch({
        db,
        caller,
        embedding,
        query: queries[i % queries.length]!,
        offset: 0,
        limit: 20,
      }),
    );
  }
  // Which queries cost what: the median of 5 runs of each, full-text and hybrid.
  for (const query of queries) {
    const times = async (withEmbedding: boolean) => {
      const samples: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        await hybridSearch({
          db,
          caller,
          embedding: withEmbedding ? embedding : null,
          query,
          offset: 0,
          limit: 20,
        });
        samples.push(performance.now() - t0);
      }
      return ms(summarize(samples).p50);
    };
    const hybridTime = options.embedded > 0 ? await times(true) : "-";
    log(
      `  query ${JSON.stringify(query)}: full-text p50 ${await times(false)}, hybrid p50 ${hybridTime}`,
    );
  }
  await measure("searchPassages (chat tool), full-text", (i) =>
    searchPassages(db, {
      organizationId,
      userId: ownerId,
      query: queries[i % queries.length]!,
      limit: 40,
    }),
  );
  if (options.embedded > 0) {
    await measure("searchPassages (chat tool), hybrid", (i) =>
      searchPassages(db, {
        organizationId,
        userId: ownerId,
        query: queries[i % queries.length]!,
        limit: 40,
        embedding,
      }),
    );
  }
  await measure("search, full-text, filtered and sorted by name", (i) =>
    hybridSearch({
      db,
      caller,
      query: queries[i % queries.length]!,
      filters: { tags: ["Contract"], folderId },
      sort: { field: "name", direction: "asc" },
      offset: 0,
      limit: 20,
    }),
  );
  // documents.list sorted by name: the first page, and a page 1,000 rows in (a real cursor).
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const page = await listDocuments({
      db,
      caller,
      folderId,
      numItems: 20,
      cursor,
      sort: { field: "name", direction: "asc" },
    });
    cursor = page.continueCursor;
  }
  const deep = cursor;
  await measure("list sorted by name, first page", () =>
    listDocuments({
      db,
      caller,
      folderId,
      numItems: 20,
      cursor: null,
      sort: { field: "name", direction: "asc" },
    }),
  );
  await measure("list sorted by name, page at row 1,000", () =>
    listDocuments({
      db,
      caller,
      folderId,
      numItems: 20,
      cursor: deep,
      sort: { field: "name", direction: "asc" },
    }),
  );
}

const keep = values["keep-data"] ? path.resolve(values["keep-data"]) : undefined;
const dir = keep ?? mkdtempSync(path.join(tmpdir(), "atrium-bench-search-"));
mkdirSync(dir, { recursive: true });
const markerFile = path.join(dir, "bench-search.json");
const marker = existsSync(markerFile)
  ? (JSON.parse(readFileSync(markerFile, "utf8")) as {
      database: string;
      corpus: typeof corpus;
    } & Seeded)
  : undefined;
if (
  marker &&
  (marker.database !== database || JSON.stringify(marker.corpus) !== JSON.stringify(corpus))
) {
  throw new Error(
    `${dir} holds a ${marker.database} corpus of ${JSON.stringify(marker.corpus)}: ` +
      "use another --keep-data directory, or delete this one to seed again",
  );
}
if (!marker && existsSync(path.join(dir, database === "postgres" ? "pgdata" : "data"))) {
  throw new Error(`${dir} holds an unfinished seeding (no bench-search.json): delete it first`);
}
let cluster: Awaited<ReturnType<typeof startBenchCluster>> | undefined;
let databaseUrl: string | undefined;
if (database === "postgres") {
  log(`starting PostgreSQL 15 from ${path.join(dir, "pgdata")}`);
  cluster = await startBenchCluster(
    dir,
    values.explain === undefined ? undefined : Number(values.explain),
  );
  const url = new URL(cluster.url);
  if (!marker) {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    await client.query("create database atrium_bench");
    await client.end();
  }
  url.pathname = "/atrium_bench";
  databaseUrl = url.toString();
}
const opened = await openDatabase({ databaseUrl, dataDir: path.join(dir, "data") });
try {
  let seeded: Seeded;
  if (marker) {
    log(`reusing the corpus seeded in ${dir}`);
    seeded = marker;
  } else {
    const started = performance.now();
    seeded = await seed(opened.db);
    log(`seeded in ${seconds(started)} s`);
    writeFileSync(markerFile, `${JSON.stringify({ database, corpus, ...seeded }, null, 2)}\n`);
  }
  await run(opened.db, seeded);
} finally {
  await opened.close();
  cluster?.stop();
  if (!keep) rmSync(dir, { recursive: true, force: true });
}

const rows = results.map((r) => [
  r.name,
  String(r.latency.count),
  ms(r.latency.p50),
  ms(r.latency.p99),
  ms(r.latency.max),
  ms(r.cpuPerCall),
  r.serverCpuPerCall === undefined ? "-" : ms(r.serverCpuPerCall),
]);
const heading =
  `Dossier search, ${database}: ${corpus.documents} documents, ` +
  `${corpus.documents * corpus.chunksPerDoc} passages of ${corpus.words} words, ` +
  `${corpus.embedded} embeddings of ${corpus.dims} dimensions (ms; cpu: this process's per call, PGlite included; pg cpu: PostgreSQL's per call)`;
process.stdout.write(
  `\n${heading}\n${table(["case", "samples", "p50", "p99", "max", "cpu", "pg cpu"], rows)}\n`,
);
mkdirSync(RESULTS_DIR, { recursive: true });
writeFileSync(
  path.join(RESULTS_DIR, `search-${database}.json`),
  `${JSON.stringify(rounded({ machine: machineInfo(), options, results }), null, 2)}\n`,
);
