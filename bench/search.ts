import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { MockEmbeddingModelV4 } from "ai/test";
import { sql } from "drizzle-orm";
import type { Db } from "../src/server/db/database.ts";
import { folders } from "../src/server/db/schema.ts";
import { hybridSearch } from "../src/server/documents/hybrid-search.ts";
import { listDocuments } from "../src/server/documents/list-documents.ts";
import { newId } from "../src/server/ids.ts";
import { type EmbeddingChoice, unitVector } from "../src/server/models/embedding-model.ts";
import { machineInfo } from "./support/machine.ts";
import { type DbKind, prepareServer, RESULTS_DIR } from "./support/prepare.ts";
import { ms, rounded, type Summary, summarize, table } from "./support/stats.ts";

/**
 * Dossier search (decision 031) on generated data, the functions themselves on the database
 * (no HTTP): documents.search full-text and hybrid, and documents.list sorted by name in a
 * folder of --documents documents. Rows are generated in SQL (generate_series) before the
 * server starts; the full-text index is built after the load, then ANALYZE.
 * Usage:
 *   node bench/search.ts [--database pglite|postgres] [--documents 100000] [--chunks-per-doc 10]
 *     [--words 40] [--dims 64] [--embedded 100000] [--iterations 100] [--warmup 10]
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
  },
});
const database = values.database as DbKind;
const num = (name: keyof typeof values) => {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name}: a whole number`);
  return value;
};
const options = {
  documents: num("documents"),
  chunksPerDoc: num("chunks-per-doc"),
  words: num("words"),
  dims: num("dims"),
  embedded: num("embedded"),
  iterations: num("iterations"),
  warmup: num("warmup"),
};
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
}
const results: CaseResult[] = [];

async function run(seeded: { db: Db; organizationId: string; users: { id: string }[] }) {
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
  let started = performance.now();
  await db.execute(sql`
    insert into documents (id, organization_id, folder_id, owner_id, storage_id, name, file_type,
      mime_type, size, processing_status, tags, primary_tag_name, created_at, updated_at)
    select gen_random_uuid(), ${organizationId}, ${folderId}, ${ownerId},
      'bench/' || g, 'Document ' || md5(g::text) || '.pdf', 'pdf', 'application/pdf', 1000 + g % 9973,
      'completed', case when g % 3 = 0 then '["Contract"]'::jsonb else '[]'::jsonb end,
      case when g % 3 = 0 then 'Contract' end,
      timestamptz '2024-01-01 00:00:00+00' + g * interval '1 second', now()
    from generate_series(1, ${options.documents}::int) g`);
  log(`inserted ${options.documents} documents in ${seconds(started)} s`);

  // Passages: --words words each from a vocabulary of 5,000 ("w0" .. "w4999"), skewed so some
  // words are common and most are rare, as in real text.
  await db.execute(sql`drop index if exists document_chunks_tsv_idx`);
  started = performance.now();
  const total = options.documents * options.chunksPerDoc;
  const step = 50_000;
  for (let from = 0; from < total; from += step) {
    await db.execute(sql`
      insert into document_chunks (id, organization_id, document_id, ordinal, content)
      select gen_random_uuid(), ${organizationId}, d.id, c.n % ${options.chunksPerDoc}::int,
        (select string_agg('w' || (((c.n::bigint * 7919 + i * 104729) % 5000) *
          ((c.n + i) % 5000) / 5000), ' ')
         from generate_series(1, ${options.words}::int) i)
      from generate_series(${from}::int, ${Math.min(total, from + step) - 1}::int) c(n)
      join lateral (select id from documents where storage_id = 'bench/' || (c.n / ${options.chunksPerDoc}::int + 1)) d on true`);
    log(`  ${Math.min(total, from + step)} / ${total} passages (${seconds(started)} s)`);
  }
  started = performance.now();
  await db.execute(sql`create index document_chunks_tsv_idx on document_chunks using gin (tsv)`);
  log(`built the full-text index in ${seconds(started)} s`);

  const embedding = benchEmbedding(options.dims);
  if (options.embedded > 0) {
    started = performance.now();
    // Random unit-ish vectors, computed in SQL (the model's cost is not what is measured).
    await db.execute(sql`
      update document_chunks set embedding_model = ${embedding.id},
        embedding = (select array_agg(((hashtext(id::text || i) % 1000) / 1000.0)::real)
          from generate_series(1, ${options.dims}::int) i)
      where id in (select id from document_chunks limit ${options.embedded})`);
    log(
      `stored ${options.embedded} embeddings of ${options.dims} dimensions in ${seconds(started)} s`,
    );
  }
  started = performance.now();
  await db.execute(sql`analyze`);
  log(`analyzed in ${seconds(started)} s`);

  const caller = { userId: ownerId, organizationId };
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
    for (let i = 0; i < options.warmup + options.iterations; i++) {
      const t0 = performance.now();
      await call(i);
      if (i >= options.warmup) samples.push(performance.now() - t0);
    }
    results.push({ name, latency: summarize(samples) });
    log(`${name}: p50 ${ms(summarize(samples).p50)} p99 ${ms(summarize(samples).p99)}`);
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

const server = await prepareServer({ database, users: 1, extraSessions: 0, seedMore: run, log });
await server.close();

const rows = results.map((r) => [
  r.name,
  String(r.latency.count),
  ms(r.latency.p50),
  ms(r.latency.p99),
  ms(r.latency.max),
]);
const heading =
  `Dossier search, ${database}: ${options.documents} documents, ` +
  `${options.documents * options.chunksPerDoc} passages of ${options.words} words, ` +
  `${options.embedded} embeddings of ${options.dims} dimensions (ms)`;
process.stdout.write(`\n${heading}\n${table(["case", "samples", "p50", "p99", "max"], rows)}\n`);
mkdirSync(RESULTS_DIR, { recursive: true });
writeFileSync(
  path.join(RESULTS_DIR, `search-${database}.json`),
  `${JSON.stringify(rounded({ machine: machineInfo(), options, results }), null, 2)}\n`,
);
