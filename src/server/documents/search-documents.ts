import { sql } from "drizzle-orm";
import { z } from "zod";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import type { Executor } from "../db/database.ts";
import { documentChunks, documents } from "../db/schema.ts";
import {
  type DossierCaller,
  readableDocumentsCondition,
  requireFolderAccess,
} from "../dossier/access.ts";
import { subtreeFolderIds } from "../folders/subtree.ts";
import { getManyDocumentRows } from "./document-queries.ts";
import { documentSummaryView } from "./document-view.ts";

export interface SearchDocumentsOptions {
  db: Executor;
  caller: DossierCaller;
  /** What the user typed: quotes, OR and -exclusions work as on web search engines. */
  query: string;
  /** Only this folder and its subfolders; null or absent: the whole dossier. */
  folderId?: string | null;
  limit: number;
}

export interface SearchHit {
  document: DocumentSummary;
  /** The best-matching passage, plain text. */
  snippet: string;
  chunkId: string;
  rank: number;
}

/** ts_headline options: plain text (no markers), a passage of a sentence or two. */
const HEADLINE_OPTIONS =
  'StartSel="", StopSel="", MaxWords=40, MinWords=15, ShortWord=3, MaxFragments=2, FragmentDelimiter=" … "';

/**
 * Full-text search over processed documents' chunks: PostgreSQL's English
 * text search with web-search syntax, ranked by ts_rank, one hit per document
 * (its best chunk), with a short plain-text passage around the match.
 * Only what the caller may read is searched (dossier/access.ts). Ranking reads only tsv; the
 * chunk's text is read, and its snippet made, for the returned hits only.
 */
export async function searchDocuments(options: SearchDocumentsOptions): Promise<SearchHit[]> {
  const { db, caller, limit } = options;
  const organizationId = caller.organizationId;
  const folder = options.folderId
    ? (await requireFolderAccess(db, caller, options.folderId, "read")).folder
    : undefined;
  if (!organizationId) return [];

  const tsquery = sql`websearch_to_tsquery('english', ${options.query})`;
  const scope = folder ? await subtreeFolderIds(db, organizationId, folder.path) : undefined;
  const inScope = scope
    ? sql`and d.folder_id in (${sql.join(
        scope.map((f) => sql`${f.id}`),
        sql`, `,
      )})`
    : sql``;

  // websearch_to_tsquery with a fixed configuration is immutable: PostgreSQL folds it into a
  // constant, so the GIN index on tsv can find the matching chunks (and a query of stop words
  // only, with no lexemes, reads nothing). The documents check is a LATERAL subquery fenced by
  // OFFSET 0 whose only condition is the id: one primary-key lookup per matching document,
  // whatever the planner believes about row counts (PGlite never runs autovacuum, so its tables
  // may have no statistics, and a join planned on guesses went quadratic).
  const result = await db.execute(sql`
    with best_chunks as (
      select distinct on (c.document_id)
        c.document_id, c.id as chunk_id, ts_rank(c.tsv, ${tsquery}) as rank
      from ${documentChunks} c
      where numnode(${tsquery}) > 0 and c.organization_id = ${organizationId}
        and c.tsv @@ ${tsquery}
      order by c.document_id, rank desc, c.ordinal
    ),
    best as (
      select b.* from best_chunks b
      cross join lateral (
        select organization_id, processing_status, folder_id from ${documents}
        where id = b.document_id and ${readableDocumentsCondition(caller)}
        offset 0
      ) d
      where d.organization_id = ${organizationId} and d.processing_status = 'completed' ${inScope}
      order by b.rank desc, b.document_id
      limit ${limit}
    )
    select b.chunk_id::text as "chunkId", b.document_id::text as "documentId",
      b.rank::float8 as rank,
      ts_headline('english', c.content, ${tsquery}, ${HEADLINE_OPTIONS}) as snippet
    from best b
    join ${documentChunks} c on c.id = b.chunk_id
    order by b.rank desc, b.document_id
  `);
  const hits = hitRowsSchema.parse(rowsOf(result));
  if (hits.length === 0) return [];

  const rows = await getManyDocumentRows(
    db,
    caller,
    hits.map((hit) => hit.documentId),
  );
  const summaries = new Map(rows.map((row) => [row.id, row]));
  return hits.flatMap((hit) => {
    const row = summaries.get(hit.documentId);
    if (!row) return [];
    return [
      {
        document: documentSummaryView(row),
        snippet: cleanSnippet(hit.snippet),
        chunkId: hit.chunkId,
        rank: hit.rank,
      },
    ];
  });
}

const hitRowsSchema = z.array(
  z.object({ chunkId: z.string(), documentId: z.string(), rank: z.number(), snippet: z.string() }),
);

/** The rows of a raw query, from either driver (node-postgres and PGlite both answer `rows`). */
function rowsOf(result: unknown): unknown {
  return typeof result === "object" && result !== null && "rows" in result
    ? result.rows
    : undefined;
}

/** One line of text: whitespace runs collapsed. */
function cleanSnippet(snippet: string): string {
  return snippet.replace(/\s+/g, " ").trim();
}
