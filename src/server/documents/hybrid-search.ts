import { and, inArray, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Sort } from "#shared/rules/sort-cycle.ts";
import type { DocumentFilters, DocumentSummary, SearchHit } from "#shared/schemas/dossier.ts";
import type { Executor } from "../db/database.ts";
import { documentChunks, documents, searchTerms } from "../db/schema.ts";
import { type DossierCaller, readableDocumentsCondition } from "../dossier/access.ts";
import { isUuid } from "../ids.ts";
import { type EmbeddingChoice, embedQuery } from "../models/embedding-model.ts";
import { getManyDocumentRows } from "./document-queries.ts";
import { documentSummaryView } from "./document-view.ts";
import { documentFiltersSql, folderScopeSql } from "./document-filters.ts";
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
/** At most this many passages are ranked by full-text, over all pieces of a query. */
const MAX_TEXT_CANDIDATES = 2000;
/** Each piece of a query brings at least this many (when it matches so many). */
const MIN_CANDIDATES_PER_PIECE = 200;
/** Embedded passages whose exact similarity is computed beside those full-text found. */
const VECTOR_POOL = 2000;
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
  for (const word of parsed.words) {
    positive.push(sql`plainto_tsquery('english', ${word})`);
    for (const other of alternatives.get(word) ?? []) {
      positive.push(sql`plainto_tsquery('english', ${other})`);
    }
  }
  for (const phrase of parsed.phrases) positive.push(sql`phraseto_tsquery('english', ${phrase})`);
  for (const prefix of parsed.prefixes) {
    // Letters and digits only (search-query.ts), so the text is one valid lexeme.
    positive.push(sql`to_tsquery('english', ${`${prefix}:*`})`);
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
  const pieces = sql`array[${sql.join(
    positive.map((piece) => sql`(${without(piece)})::text`),
    sql`, `,
  )}]::text[]`;
  const result = await db.execute(
    sql`select q::text as q, numnode(q) as nodes, ${pieces} as parts from (select ${expression} as q) s`,
  );
  const row = z
    .array(z.object({ q: z.string(), nodes: z.coerce.number(), parts: z.array(z.string()) }))
    .parse(rowsOf(result))[0];
  // A query of excluded words alone, or of stop words, matches nothing.
  if (!row || row.nodes === 0 || row.q.startsWith("!")) return null;
  // A piece of stop words alone is empty ("" or only a negation): it matches nothing.
  const parts = [...new Set(row.parts.filter((part) => part !== "" && !part.startsWith("!")))];
  return { query: row.q, parts };
}

/** A query's tsquery (as text), and each of its positive pieces (a word, phrase or prefix). */
interface TsQuery {
  query: string;
  parts: string[];
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
  extraWhere: SQL = sql``,
): SQL {
  const parts = tsquery.parts.length > 0 ? tsquery.parts : [tsquery.query];
  const cap = Math.max(MIN_CANDIDATES_PER_PIECE, Math.floor(MAX_TEXT_CANDIDATES / parts.length));
  const scans = parts.map(
    (part) => sql`(select c.id, c.document_id, c.ordinal, c.tsv
      from ${documentChunks} c
      cross join lateral (
        select 1 from ${documents} where ${documents.id} = c.document_id and ${documentCondition}
        offset 0
      ) d
      where c.organization_id = ${organizationId} and c.tsv @@ ${part}::tsquery ${extraWhere}
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
      from ${candidateChunksSql(organizationId, tsquery, documentCondition)} c
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
 * first. The exact similarity is computed over a bounded pool (decision 031):
 * the passages of the documents full-text found, and up to VECTOR_POOL other
 * embedded passages the caller may read (access checked per passage, before
 * the cap); a paraphrase sharing no word with the query is found among those.
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
  const similarity = similaritySql(vector, options.pgvector);
  const embedded = sql`c.organization_id = ${options.organizationId}
    and c.embedding_model = ${options.embedding.id}
    and array_length(c.embedding, 1) = ${vector.length}`;
  const fromText =
    options.alsoDocuments.length > 0
      ? sql`(select c.id, c.document_id, c.embedding from ${documentChunks} c
          where c.document_id in (${sql.join(
            options.alsoDocuments.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) and ${embedded}) union all `
      : sql``;
  const result = await db.execute(sql`
    with pool as (
      select distinct on (p.id) p.id, p.document_id, p.embedding from (
        ${fromText}
        (select c.id, c.document_id, c.embedding from ${documentChunks} c
          cross join lateral (
            select 1 from ${documents} where ${documents.id} = c.document_id
              and ${options.documentCondition}
            offset 0
          ) d
          where ${embedded}
          limit ${VECTOR_POOL})
      ) p
    ),
    sims as (
      select c.document_id, c.id as chunk_id, ${similarity} as sim from pool c
    ),
    best as (
      select distinct on (document_id) document_id, chunk_id, sim from sims
      where sim >= ${MIN_VECTOR_SIMILARITY}
      order by document_id, sim desc
    )
    select b.document_id::text as "documentId", b.chunk_id::text as "chunkId"
    from best b
    order by b.sim desc, b.document_id
    limit ${options.depth}`);
  return rankedSchema.parse(rowsOf(result));
}

/**
 * The cosine similarity of `document_chunks c`'s embedding with `vector`
 * (both unit length, so a dot product): pgvector's operator where the
 * database has it, else an exact computation over the arrays.
 */
function similaritySql(vector: number[], pgvector: boolean): SQL {
  const values = vector.map((v) => (Number.isFinite(v) ? v : 0));
  if (pgvector) {
    return sql`(-(c.embedding::vector <#> ${`[${values.join(",")}]`}::vector))`;
  }
  return sql`(select sum(a * b) from unnest(c.embedding, ${`{${values.join(",")}}`}::real[]) as t(a, b))`;
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
  const inDocuments = ids
    ? sql`and c.document_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const readable = and(
    readableDocumentsCondition(caller),
    options.processedOnly ? sql`${documents.processingStatus} = 'completed'` : undefined,
  ) as SQL;

  const chunkRanking = async (score: SQL, where: SQL): Promise<{ chunkId: string }[]> => {
    const result = await db.execute(sql`
      select r.chunk_id::text as "chunkId" from (
        select c.id as chunk_id, c.document_id, ${score} as score
        from ${documentChunks} c
        where c.organization_id = ${options.organizationId} ${inDocuments} and ${where}
      ) r
      cross join lateral (
        select 1 from ${documents} where ${documents.id} = r.document_id and ${readable} offset 0
      ) d
      where r.score is not null
      order by r.score desc, r.chunk_id
      limit ${depth}`);
    return z.array(z.object({ chunkId: z.string() })).parse(rowsOf(result));
  };

  const textRanking = async (query: TsQuery): Promise<{ chunkId: string }[]> => {
    // Within named documents every match is ranked; across the organization, bounded candidates.
    if (ids) {
      return chunkRanking(
        sql`ts_rank(c.tsv, ${query.query}::tsquery)`,
        sql`c.tsv @@ ${query.query}::tsquery`,
      );
    }
    const result = await db.execute(sql`
      select c.id::text as "chunkId"
      from ${candidateChunksSql(options.organizationId, query, readable)} c
      order by ts_rank(c.tsv, ${query.query}::tsquery) desc, c.id
      limit ${depth}`);
    return z.array(z.object({ chunkId: z.string() })).parse(rowsOf(result));
  };
  const text = tsquery ? await textRanking(tsquery) : [];
  let vector: { chunkId: string }[] = [];
  if (options.embedding) {
    const embedding = await embedQuery(options.embedding, options.query);
    const similarity = similaritySql(embedding, extensions.vector);
    vector = await chunkRanking(
      sql`(case when ${similarity} >= ${MIN_VECTOR_SIMILARITY} then ${similarity} end)`,
      sql`c.embedding_model = ${options.embedding.id} and array_length(c.embedding, 1) = ${embedding.length}`,
    );
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

/** The rows of a raw query, from either driver (node-postgres and PGlite both answer `rows`). */
function rowsOf(result: unknown): unknown {
  return typeof result === "object" && result !== null && "rows" in result
    ? result.rows
    : undefined;
}
