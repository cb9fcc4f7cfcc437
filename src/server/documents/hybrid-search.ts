import { and, inArray, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Sort } from "#shared/rules/sort-cycle.ts";
import type { DocumentFilters, DocumentSummary, SearchHit } from "#shared/schemas/dossier.ts";
import type { Executor } from "../db/database.ts";
import { rowsOf } from "../db/raw-rows.ts";
import { documentChunks, documents, searchTerms } from "../db/schema.ts";
import { type DossierCaller, readableDocumentsCondition } from "../dossier/access.ts";
import { isUuid } from "../ids.ts";
import { type EmbeddingChoice, embedQuery } from "../models/embedding-model.ts";
import { documentFiltersSql, folderScopeSql } from "./document-filters.ts";
import { getManyDocumentRows } from "./document-queries.ts";
import { documentSummaryView } from "./document-view.ts";
import {
  hasSearchTerms,
  type ParsedQuery,
  parseSearchQuery,
  splitHighlights,
} from "./search-query.ts";

/**
 * Hybrid search (decision 031): PostgreSQL full-text over the passages
 * (any word, ranked; phrases; prefixes; a misspelt word widened to the
 * organization's similar words through pg_trgm) fused by reciprocal rank with
 * vector similarity when an embedding model is configured. Only documents the
 * caller may read take part: the access condition runs in SQL, per candidate
 * document, in rank order, before any limit.
 */

/** Reciprocal rank fusion's constant (Cormack et al.): a hit ranked r adds 1/(K + r). */
const RRF_K = 60;
/** How deep each ranking is read; pages past it end the results. */
export const MAX_SEARCH_DEPTH = 1000;
const FIRST_DEPTH = 200;
const MIN_DEPTH = 50;
/** Below this cosine similarity a passage is not a vector hit at all. */
export const MIN_VECTOR_SIMILARITY = 0.3;
const PASSAGES_PER_HIT = 3;
/**
 * Full-text ranks at most this many candidate passages per document of depth asked (over all
 * pieces of a query): 400 for the first pages (depth 200), 2,000 at depth 1,000.
 */
const TEXT_CANDIDATES_PER_DEPTH = 2;
/** Each piece of a query brings at least this many (when it matches so many). */
const MIN_CANDIDATES_PER_PIECE = 100;
/**
 * A phrase's positions are checked on at most this many times its cap of the
 * passages holding all its words (a phrase of very common words would otherwise
 * recheck every passage the index gives for its words).
 */
const PHRASE_SCAN_FACTOR = 4;
/** Embedded passages whose exact similarity is computed beside those full-text found. */
const VECTOR_POOL = 500;
/** The vector ranking re-ranks the passages of at most this many documents full-text found. */
const VECTOR_TEXT_DOCUMENTS = 200;
/** Misspelt words are widened to at most this many similar words. */
const ALTERNATIVES_PER_WORD = 2;
const HEADLINE_OPTIONS =
  'StartSel="\u0002", StopSel="\u0003", MaxWords=45, MinWords=18, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "';

export interface HybridSearchOptions {
  db: Executor;
  caller: DossierCaller;
  /** The embedding model, or null/absent: full-text alone. */
  embedding?: EmbeddingChoice | null;
  query: string;
  filters?: DocumentFilters;
  sort?: Sort | null;
  offset: number;
  limit: number;
}

export interface HybridSearchResult {
  hits: SearchHit[];
  /** No more hits after these. */
  isDone: boolean;
  /** Vector similarity took part. */
  hybrid: boolean;
}

interface Ranked {
  documentId: string;
  chunkId: string;
}

interface Fused {
  documentId: string;
  score: number;
  textChunk?: string;
  vectorChunk?: string;
}

export async function hybridSearch(options: HybridSearchOptions): Promise<HybridSearchResult> {
  const { db, caller, filters, limit, offset } = options;
  const hybrid = Boolean(options.embedding);
  const organizationId = caller.organizationId;
  const scope = await folderScopeSql(
    db,
    caller,
    filters?.folderId,
    filters?.includeSubfolders ?? true,
  );
  if (!organizationId) return { hits: [], isDone: true, hybrid };

  const parsed = parseSearchQuery(options.query);
  if (!hasSearchTerms(parsed)) return { hits: [], isDone: true, hybrid };
  const extensions = await searchExtensions(db);
  const tsquery = await buildTsQuery(db, organizationId, parsed, extensions.trigram);
  // Processed documents unless a status is asked for (a document being processed again keeps
  // its earlier passages until the new ones are stored).
  const documentCondition = and(
    readableDocumentsCondition(caller),
    documentFiltersSql(filters),
    filters?.processingStatus ? undefined : sql`${documents.processingStatus} = 'completed'`,
    scope,
  ) as SQL;
  // Each ranking is read to a fixed depth, so pages of one search cut one list: the first pages
  // from the top 200 of each ranking, later ones (and any sort by a column) from the top 1,000.
  const depth = options.sort || offset + limit + 1 > FIRST_DEPTH ? MAX_SEARCH_DEPTH : FIRST_DEPTH;

  const textRanked = tsquery
    ? await textCandidates(db, organizationId, tsquery, documentCondition, depth)
    : [];
  const vectorRanked = options.embedding
    ? await vectorCandidates(db, {
        organizationId,
        embedding: options.embedding,
        query: options.query,
        documentCondition,
        depth,
        pgvector: extensions.vector,
        alsoDocuments: textRanked.map((r) => r.documentId),
      })
    : [];
  const fused = fuse(textRanked, vectorRanked);

  let ordered = fused;
  let rowsById: Map<string, DocumentSummary> | undefined;
  if (options.sort && fused.length > 0) {
    rowsById = await summariesOf(
      db,
      caller,
      fused.map((f) => f.documentId),
    );
    const sort = options.sort;
    ordered = fused
      .filter((f) => rowsById?.has(f.documentId))
      .sort((a, b) =>
        compareDocuments(rowsById!.get(a.documentId)!, rowsById!.get(b.documentId)!, sort),
      );
  }
  const page = ordered.slice(offset, offset + limit);
  const isDone = ordered.length <= offset + limit;
  if (page.length === 0) return { hits: [], isDone, hybrid };

  rowsById ??= await summariesOf(
    db,
    caller,
    page.map((f) => f.documentId),
  );
  const passages = await passagesOf(db, tsquery?.query ?? null, page);
  const hits = page.flatMap((f): SearchHit[] => {
    const document = rowsById?.get(f.documentId);
    if (!document) return [];
    const own = passages.get(f.documentId) ?? [];
    const words = [...new Set(own.flatMap((p) => p.words))];
    return [
      {
        document,
        passages: own.map(({ words: _words, ...passage }) => passage),
        matchedWords: words,
        score: f.score,
      },
    ];
  });
  return { hits, isDone, hybrid };
}

/** Which optional extensions this database has (checked per call: PGlite and PostgreSQL differ). */
async function searchExtensions(db: Executor): Promise<{ trigram: boolean; vector: boolean }> {
  const result = await db.execute(sql`
    select exists (select 1 from pg_extension where extname = 'pg_trgm') as trigram,
      exists (select 1 from pg_extension where extname = 'vector') as vector`);
  const row = z
    .array(z.object({ trigram: z.boolean(), vector: z.boolean() }))
    .parse(rowsOf(result))[0];
  return row ?? { trigram: false, vector: false };
}

/**
 * The tsquery of a parsed query, as text (null when nothing is left, e.g.
 * only stop words). Each piece is a parameter to plainto_tsquery /
 * phraseto_tsquery; a word the organization's passages never use is widened
 * with its most similar words (pg_trgm), so a misspelling still matches.
 */
async function buildTsQuery(
  db: Executor,
  organizationId: string,
  parsed: ParsedQuery,
  trigram: boolean,
): Promise<TsQuery | null> {
  const alternatives = trigram ? await similarWords(db, organizationId, parsed.words) : new Map();
  const positive: SQL[] = [];
  // What the index is asked for each piece: the piece itself, or for a phrase its words alone
  // (the index finds those exactly; the phrase's word positions are then checked on a bounded
  // number of them, see candidateChunksSql).
  const scanned: SQL[] = [];
  const piece = (query: SQL, scan: SQL = query) => {
    positive.push(query);
    scanned.push(scan);
  };
  for (const word of parsed.words) {
    piece(sql`plainto_tsquery('english', ${word})`);
    for (const other of alternatives.get(word) ?? []) {
      piece(sql`plainto_tsquery('english', ${other})`);
    }
  }
  for (const phrase of parsed.phrases) {
    piece(sql`phraseto_tsquery('english', ${phrase})`, sql`plainto_tsquery('english', ${phrase})`);
  }
  for (const prefix of parsed.prefixes) {
    // Letters and digits only (search-query.ts), so the text is one valid lexeme.
    piece(sql`to_tsquery('english', ${`${prefix}:*`})`);
  }
  if (positive.length === 0) return null;
  const excluded =
    parsed.excluded.length > 0
      ? sql`(${sql.join(
          parsed.excluded.map((text) => sql`plainto_tsquery('english', ${text})`),
          sql` || `,
        )})`
      : null;
  const without = (expression: SQL) =>
    excluded ? sql`(${expression} && !!${excluded})` : expression;
  const expression = without(sql`(${sql.join(positive, sql` || `)})`);
  // Each piece on its own too (with the exclusions): the candidates are gathered piece by piece.
  const texts = (list: SQL[]) =>
    sql`array[${sql.join(
      list.map((one) => sql`(${without(one)})::text`),
      sql`, `,
    )}]::text[]`;
  const result = await db.execute(
    sql`select q::text as q, numnode(q) as nodes, ${texts(positive)} as parts,
      ${texts(scanned)} as scans from (select ${expression} as q) s`,
  );
  const row = z
    .array(
      z.object({
        q: z.string(),
        nodes: z.coerce.number(),
        parts: z.array(z.string()),
        scans: z.array(z.string()),
      }),
    )
    .parse(rowsOf(result))[0];
  // A query of excluded words alone, or of stop words, matches nothing.
  if (!row || row.nodes === 0 || row.q.startsWith("!")) return null;
  // A piece of stop words alone is empty ("" or only a negation): it matches nothing.
  const parts = new Map<string, string>();
  row.parts.forEach((part, index) => {
    if (part === "" || part.startsWith("!") || parts.has(part)) return;
    parts.set(part, row.scans[index] ?? part);
  });
  return {
    query: row.q,
    pieces: [...parts].map(([match, scan]) => ({ match, scan })),
  };
}

/** A query's tsquery (as text), and each of its positive pieces (a word, phrase or prefix). */
interface TsQuery {
  query: string;
  /** Each piece: what a passage must match, and what the index is asked for (a phrase's words). */
  pieces: { match: string; scan: string }[];
}

/**
 * The passages full-text ranking looks at (decision 031, "bounded candidates"):
 * for each piece of the query, the passages matching it in documents the
 * caller may read (access and filters checked per passage, before the cap),
 * at most `cap` per piece. A rare word brings all its passages; a word in
 * most passages brings `cap` of them, which are as good as any other for that
 * word alone, while passages that also hold a rarer word of the query come
 * through that word. Only these are then ranked (ts_rank), so the cost no
 * longer grows with how many passages a common word or a broad prefix matches.
 * Each piece's scan is fenced (OFFSET 0 inside the LATERAL) so the planner
 * checks access per matching passage and stops at the cap.
 */
function candidateChunksSql(
  organizationId: string,
  tsquery: TsQuery,
  documentCondition: SQL,
  depth: number,
): SQL {
  const pieces =
    tsquery.pieces.length > 0 ? tsquery.pieces : [{ match: tsquery.query, scan: tsquery.query }];
  const total = depth * TEXT_CANDIDATES_PER_DEPTH;
  const cap = Math.max(MIN_CANDIDATES_PER_PIECE, Math.floor(total / pieces.length));
  const readable = (
    query: string,
    limit: number,
  ) => sql`(select c.id, c.document_id, c.ordinal, c.tsv
      from ${documentChunks} c
      cross join lateral (
        select 1 from ${documents} where ${documents.id} = c.document_id and ${documentCondition}
        offset 0
      ) d
      where c.organization_id = ${organizationId} and c.tsv @@ ${query}::tsquery
      limit ${limit})`;
  const scans = pieces.map((piece) =>
    piece.scan === piece.match
      ? readable(piece.match, cap)
      : // A phrase: its words' passages (exact in the index), at most PHRASE_SCAN_FACTOR × cap of
        // them, then the phrase's positions checked on those only (decision 031, "speed at a million passages").
        sql`(select s.id, s.document_id, s.ordinal, s.tsv
          from ${readable(piece.scan, cap * PHRASE_SCAN_FACTOR)} s
          where s.tsv @@ ${piece.match}::tsquery
          limit ${cap})`,
  );
  return sql`(select distinct on (u.id) u.id, u.document_id, u.ordinal, u.tsv
    from (${sql.join(scans, sql` union all `)}) u)`;
}

/** For each word the organization's passages never use, its most similar words that they do. */
async function similarWords(
  db: Executor,
  organizationId: string,
  words: string[],
): Promise<Map<string, string[]>> {
  const candidates = words.filter((w) => w.length >= 4 && w.length <= 40);
  if (candidates.length === 0) return new Map();
  const result = await db.execute(sql`
    select w.word, t.term
    from jsonb_array_elements_text(${JSON.stringify(candidates)}::jsonb) as w(word)
    cross join lateral (
      select st.term from ${searchTerms} st
      where st.organization_id = ${organizationId} and st.term % w.word and st.term <> w.word
      order by similarity(st.term, w.word) desc, st.term
      limit ${ALTERNATIVES_PER_WORD}
    ) t
    where not exists (select 1 from ${searchTerms} s2
      where s2.organization_id = ${organizationId} and s2.term = w.word)`);
  const rows = z.array(z.object({ word: z.string(), term: z.string() })).parse(rowsOf(result));
  const map = new Map<string, string[]>();
  for (const row of rows) map.set(row.word, [...(map.get(row.word) ?? []), row.term]);
  return map;
}

/**
 * Documents whose passages match, best passage's ts_rank first, among the
 * bounded candidates (candidateChunksSql), which are readable and pass the
 * filters already.
 */
async function textCandidates(
  db: Executor,
  organizationId: string,
  tsquery: TsQuery,
  documentCondition: SQL,
  depth: number,
): Promise<Ranked[]> {
  const q = sql`${tsquery.query}::tsquery`;
  const result = await db.execute(sql`
    with best_chunks as (
      select distinct on (c.document_id)
        c.document_id, c.id as chunk_id, ts_rank(c.tsv, ${q}) as rank
      from ${candidateChunksSql(organizationId, tsquery, documentCondition, depth)} c
      order by c.document_id, rank desc, c.ordinal
    )
    select b.document_id::text as "documentId", b.chunk_id::text as "chunkId"
    from best_chunks b
    order by b.rank desc, b.document_id
    limit ${depth}`);
  return rankedSchema.parse(rowsOf(result));
}

/**
 * Documents whose passages are nearest the query's embedding (cosine), nearest
 * first: each document's nearest passage among nearestPassages'.
 */
async function vectorCandidates(
  db: Executor,
  options: {
    organizationId: string;
    embedding: EmbeddingChoice;
    query: string;
    documentCondition: SQL;
    depth: number;
    pgvector: boolean;
    alsoDocuments: string[];
  },
): Promise<Ranked[]> {
  const vector = await embedQuery(options.embedding, options.query);
  const nearest = await nearestPassages(db, {
    ...options,
    embeddingId: options.embedding.id,
    vector,
  });
  const seen = new Set<string>();
  const ranked: Ranked[] = [];
  for (const passage of nearest) {
    if (seen.has(passage.documentId)) continue;
    seen.add(passage.documentId);
    ranked.push({ documentId: passage.documentId, chunkId: passage.chunkId });
    if (ranked.length >= options.depth) break;
  }
  return ranked;
}

interface NearPassage {
  documentId: string;
  chunkId: string;
  similarity: number;
}

/**
 * Embedded passages by exact cosine similarity to `vector` (both unit length:
 * a dot product), nearest first, none below MIN_VECTOR_SIMILARITY. The
 * similarity is computed over a bounded pool (decision 031): the passages of
 * `onlyDocuments` when given (checked against `documentCondition`), else the
 * passages of the first VECTOR_TEXT_DOCUMENTS documents full-text found
 * (`alsoDocuments`, checked already) and up to VECTOR_POOL other embedded
 * passages that pass `documentCondition` (checked per passage, before the cap).
 * With pgvector the database computes it (`<#>`); without, the pool's vectors
 * are read and the dot products computed here, which is far cheaper than
 * unnesting every array in SQL (decision 031, "speed at a million passages").
 */
async function nearestPassages(
  db: Executor,
  options: {
    organizationId: string;
    embeddingId: string;
    vector: number[];
    documentCondition: SQL;
    pgvector: boolean;
    alsoDocuments: string[];
    onlyDocuments?: string[];
  },
): Promise<NearPassage[]> {
  const vector = options.vector.map((v) => (Number.isFinite(v) ? v : 0));
  // "embedding is not null" lets the partial index document_chunks_embedded_idx serve the pool.
  const embedded = sql`c.organization_id = ${options.organizationId}
    and c.embedding_model = ${options.embeddingId} and c.embedding is not null
    and array_length(c.embedding, 1) = ${vector.length}`;
  const readable = sql`cross join lateral (
      select 1 from ${documents} where ${documents.id} = c.document_id
        and ${options.documentCondition}
      offset 0
    ) d`;
  const uuids = (ids: string[]) =>
    sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
  let pool: SQL;
  if (options.onlyDocuments) {
    if (options.onlyDocuments.length === 0) return [];
    pool = sql`select c.id, c.document_id, c.embedding from ${documentChunks} c ${readable}
      where c.document_id in (${uuids(options.onlyDocuments)}) and ${embedded}`;
  } else {
    const also = options.alsoDocuments.slice(0, VECTOR_TEXT_DOCUMENTS);
    const fromText =
      also.length > 0
        ? sql`(select c.id, c.document_id, c.embedding from ${documentChunks} c
            where c.document_id in (${uuids(also)}) and ${embedded}) union all `
        : sql``;
    pool = sql`select distinct on (p.id) p.id, p.document_id, p.embedding from (
      ${fromText}
      (select c.id, c.document_id, c.embedding from ${documentChunks} c ${readable}
        where ${embedded} limit ${VECTOR_POOL})
    ) p`;
  }
  if (options.pgvector) {
    const result = await db.execute(sql`
      select s.id::text as "chunkId", s.document_id::text as "documentId", s.sim as similarity
      from (
        select p.id, p.document_id,
          (-(p.embedding::vector <#> ${`[${vector.join(",")}]`}::vector))::float8 as sim
        from (${pool}) p
      ) s
      where s.sim >= ${MIN_VECTOR_SIMILARITY}
      order by s.sim desc, s.id`);
    return nearSchema.parse(rowsOf(result));
  }
  // The arrays in PostgreSQL's binary form (array_send): read here without parsing text.
  const result = await db.execute(sql`
    select p.id::text as "chunkId", p.document_id::text as "documentId",
      array_send(p.embedding) as embedding
    from (${pool}) p`);
  const rows = rowsOf(result) as { chunkId: string; documentId: string; embedding: unknown }[];
  const near: NearPassage[] = [];
  for (const row of rows) {
    const dot = binaryDot(row.embedding, vector);
    if (dot === null) continue;
    if (dot >= MIN_VECTOR_SIMILARITY) {
      near.push({ chunkId: row.chunkId, documentId: row.documentId, similarity: dot });
    }
  }
  return near.sort(
    (a, b) =>
      b.similarity - a.similarity || (a.chunkId < b.chunkId ? -1 : a.chunkId > b.chunkId ? 1 : 0),
  );
}

const nearSchema = z.array(
  z.object({ chunkId: z.string(), documentId: z.string(), similarity: z.coerce.number() }),
);

/**
 * The dot product of `vector` with a real[] in array_send's binary form: a
 * 20-byte header for one dimension (ndim, has-nulls flag, element type, length,
 * lower bound), then per element its byte length (4) and a big-endian float4.
 * Null when it is not a one-dimensional, null-free real[] of the vector's length.
 */
export function binaryDot(value: unknown, vector: number[]): number | null {
  const bytes =
    value instanceof Uint8Array
      ? value
      : typeof value === "string" && value.startsWith("\\x")
        ? Buffer.from(value.slice(2), "hex")
        : null;
  if (!bytes || bytes.length < 20) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const REAL_OID = 700;
  if (view.getInt32(0) !== 1 || view.getInt32(4) !== 0 || view.getUint32(8) !== REAL_OID) {
    return null;
  }
  const length = view.getInt32(12);
  if (length !== vector.length || bytes.length !== 20 + length * 8) return null;
  let dot = 0;
  for (let i = 0; i < length; i++) {
    if (view.getInt32(20 + i * 8) !== 4) return null;
    dot += vector[i]! * view.getFloat32(24 + i * 8);
  }
  return dot;
}

/** Reciprocal rank fusion: each ranking adds 1/(60 + rank) to a document; ties by id. */
export function fuse(text: Ranked[], vector: Ranked[]): Fused[] {
  const byId = new Map<string, Fused>();
  text.forEach((hit, index) => {
    byId.set(hit.documentId, {
      documentId: hit.documentId,
      score: 1 / (RRF_K + index + 1),
      textChunk: hit.chunkId,
    });
  });
  vector.forEach((hit, index) => {
    const found = byId.get(hit.documentId) ?? { documentId: hit.documentId, score: 0 };
    found.score += 1 / (RRF_K + index + 1);
    found.vectorChunk = hit.chunkId;
    byId.set(hit.documentId, found);
  });
  return [...byId.values()].sort(
    (a, b) => b.score - a.score || (a.documentId < b.documentId ? -1 : 1),
  );
}

/** Text as documents.list orders it: lower case, by code point (its indexes use collation "C"). */
const byCodePoint = (a: string, b: string) => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * SPEC's sortable columns, exactly as documents.list orders them: documents
 * without a type go last either way; ties by id.
 */
export function compareDocuments(a: DocumentSummary, b: DocumentSummary, sort: Sort): number {
  const sign = sort.direction === "asc" ? 1 : -1;
  let order = 0;
  switch (sort.field) {
    case "size":
      order = a.size - b.size;
      break;
    case "_creationTime":
      order = a._creationTime - b._creationTime;
      break;
    case "primaryTagName": {
      const missing = Number(!a.primaryTagName) - Number(!b.primaryTagName);
      if (missing !== 0) return missing;
      order = byCodePoint(a.primaryTagName ?? "", b.primaryTagName ?? "");
      break;
    }
    default:
      order = byCodePoint(a[sort.field], b[sort.field]);
  }
  return sign * order || sign * (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
}

async function summariesOf(
  db: Executor,
  caller: DossierCaller,
  ids: string[],
): Promise<Map<string, DocumentSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await getManyDocumentRows(db, caller, ids);
  return new Map(rows.map((row) => [row.id, documentSummaryView(row)]));
}

type PassageWithWords = SearchHit["passages"][number] & { words: string[] };

/**
 * The best passages of each hit: its best full-text passages (up to 3), then
 * its nearest passage by meaning when that is another one, each with the
 * query's words marked.
 */
async function passagesOf(
  db: Executor,
  tsquery: string | null,
  page: Fused[],
): Promise<Map<string, PassageWithWords[]>> {
  const ids = page.map((f) => f.documentId);
  const chunkIds: string[] = [];
  if (tsquery) {
    const q = sql`${tsquery}::tsquery`;
    const result = await db.execute(sql`
      select chunk_id::text as "chunkId" from (
        select c.id as chunk_id, row_number() over (
          partition by c.document_id order by ts_rank(c.tsv, ${q}) desc, c.ordinal) as n
        from ${documentChunks} c
        where c.document_id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and c.tsv @@ ${q}
      ) ranked where n <= ${PASSAGES_PER_HIT}`);
    for (const row of z.array(z.object({ chunkId: z.string() })).parse(rowsOf(result))) {
      chunkIds.push(row.chunkId);
    }
  }
  for (const f of page) if (f.vectorChunk) chunkIds.push(f.vectorChunk);
  const unique = [...new Set(chunkIds)];
  if (unique.length === 0) return new Map();
  const headline = tsquery
    ? sql`ts_headline('english', c.content, ${tsquery}::tsquery, ${HEADLINE_OPTIONS})`
    : sql`left(c.content, 400)`;
  const rank = tsquery ? sql`ts_rank(c.tsv, ${tsquery}::tsquery)` : sql`0`;
  const result = await db.execute(sql`
    select c.id::text as "chunkId", c.document_id::text as "documentId", c.location,
      ${headline} as marked, (${rank})::float8 as rank, c.ordinal
    from ${documentChunks} c
    where c.id in (${sql.join(
      unique.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    order by rank desc, c.ordinal`);
  const rows = z
    .array(
      z.object({
        chunkId: z.string(),
        documentId: z.string(),
        location: z.record(z.string(), z.unknown()).nullable(),
        marked: z.string(),
      }),
    )
    .parse(rowsOf(result));
  const byDocument = new Map<string, PassageWithWords[]>();
  for (const row of rows) {
    const list = byDocument.get(row.documentId) ?? [];
    if (list.length >= PASSAGES_PER_HIT + 1) continue;
    const { text, highlights, words } = splitHighlights(row.marked);
    list.push({ chunkId: row.chunkId, text, highlights, words, ...locationFields(row.location) });
    byDocument.set(row.documentId, list);
  }
  return byDocument;
}

/** Page, sheet and slide of a stored chunk location. */
export function locationFields(location: Record<string, unknown> | null) {
  const page = location?.page;
  const sheet = location?.sheet;
  const slide = location?.slide;
  return {
    page: typeof page === "number" ? page : null,
    sheet: typeof sheet === "string" ? sheet : typeof sheet === "number" ? String(sheet) : null,
    slide: typeof slide === "number" ? slide : null,
  };
}

export interface PassageResult {
  documentId: string;
  chunkId: string;
  /** The whole passage, plain text. */
  text: string;
  page: number | null;
  sheet: string | null;
  slide: number | null;
  /** Fused relevance; higher is better. */
  score: number;
}

/**
 * Passage retrieval for the chat tools and review tables: the passages best
 * answering `query` among the documents the user may read (optionally only
 * `documentIds`), by the same hybrid ranking as documents.search, at the
 * passage level (several passages of one document may come back).
 */
export async function searchPassages(
  db: Executor,
  options: {
    organizationId: string;
    userId: string;
    query: string;
    documentIds?: string[];
    limit: number;
    embedding?: EmbeddingChoice | null;
    /** Only documents whose processing completed (the chat tool's rule). */
    processedOnly?: boolean;
  },
): Promise<PassageResult[]> {
  const caller: DossierCaller = { organizationId: options.organizationId, userId: options.userId };
  const parsed = parseSearchQuery(options.query);
  if (!hasSearchTerms(parsed) || options.limit < 1) return [];
  const ids = options.documentIds?.filter(isUuid);
  if (ids && ids.length === 0) return [];
  const extensions = await searchExtensions(db);
  const tsquery = await buildTsQuery(db, options.organizationId, parsed, extensions.trigram);
  const depth = Math.min(MAX_SEARCH_DEPTH, Math.max(MIN_DEPTH, options.limit * 3));
  const readable = and(
    readableDocumentsCondition(caller),
    options.processedOnly ? sql`${documents.processingStatus} = 'completed'` : undefined,
  ) as SQL;

  const textRanking = async (query: TsQuery): Promise<Ranked[]> => {
    const q = sql`${query.query}::tsquery`;
    // Within named documents every match is ranked; across the organization, bounded candidates.
    const candidates = ids
      ? sql`(select c.id, c.document_id, c.tsv from ${documentChunks} c
          cross join lateral (
            select 1 from ${documents} where ${documents.id} = c.document_id and ${readable}
            offset 0
          ) d
          where c.organization_id = ${options.organizationId} and c.document_id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) and c.tsv @@ ${q})`
      : candidateChunksSql(options.organizationId, query, readable, depth);
    const result = await db.execute(sql`
      select c.id::text as "chunkId", c.document_id::text as "documentId"
      from ${candidates} c
      order by ts_rank(c.tsv, ${q}) desc, c.id
      limit ${depth}`);
    return rankedSchema.parse(rowsOf(result));
  };
  const text = tsquery ? await textRanking(tsquery) : [];
  let vector: Ranked[] = [];
  if (options.embedding) {
    const near = await nearestPassages(db, {
      organizationId: options.organizationId,
      embeddingId: options.embedding.id,
      vector: await embedQuery(options.embedding, options.query),
      documentCondition: readable,
      pgvector: extensions.vector,
      alsoDocuments: [...new Set(text.map((r) => r.documentId))],
      onlyDocuments: ids,
    });
    vector = near.slice(0, depth);
  }
  const fused = fuse(
    text.map((r) => ({ documentId: r.chunkId, chunkId: r.chunkId })),
    vector.map((r) => ({ documentId: r.chunkId, chunkId: r.chunkId })),
  ).slice(0, options.limit);
  if (fused.length === 0) return [];
  const rows = await db
    .select({
      id: documentChunks.id,
      documentId: documentChunks.documentId,
      content: documentChunks.content,
      location: documentChunks.location,
    })
    .from(documentChunks)
    .where(
      inArray(
        documentChunks.id,
        fused.map((f) => f.documentId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return fused.flatMap((f) => {
    const row = byId.get(f.documentId);
    if (!row) return [];
    return [
      {
        documentId: row.documentId,
        chunkId: row.id,
        text: row.content,
        ...locationFields(row.location),
        score: f.score,
      },
    ];
  });
}

const rankedSchema = z.array(z.object({ documentId: z.string(), chunkId: z.string() }));
