import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "../db/database.ts";
import { rowsOf } from "../db/raw-rows.ts";
import { documentChunks } from "../db/schema.ts";
import type { Passage } from "./answer.ts";

/** Passages one cell gets: enough to answer, bounded so a call stays cheap. */
export const PASSAGES_PER_CELL = 6;
const PASSAGE_CHARS = 1_500;

const rowSchema = z.array(
  z.object({
    chunkId: z.string(),
    content: z.string(),
    location: z.record(z.string(), z.unknown()).nullable(),
  }),
);

/** Any of the question's words (web-search syntax "a or b or c"); empty when it has none. */
export function anyWordQuery(question: string): string {
  return question
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter((w) => w.length > 1)
    .slice(0, 40)
    .join(" or ");
}

/**
 * The passages of one document that full-text search finds for a question
 * (decision 027): the dossier's English text search over document_chunks,
 * restricted to that document, any word of the question matching, best
 * ts_rank first, in document order on ties. With no match, the document's
 * first passages (a question such as "Who are the parties?" is answered at
 * the start). Never the whole text.
 */
export async function findPassages(
  db: Executor,
  options: { organizationId: string; documentId: string; question: string; limit?: number },
): Promise<Passage[]> {
  const limit = options.limit ?? PASSAGES_PER_CELL;
  const words = anyWordQuery(options.question);
  let rows: z.infer<typeof rowSchema> = [];
  if (words) {
    const tsquery = sql`websearch_to_tsquery('english', ${words})`;
    const result = await db.execute(sql`
      select c.id::text as "chunkId", c.content, c.location
      from ${documentChunks} c
      where c.document_id = ${options.documentId} and c.organization_id = ${options.organizationId}
        and numnode(${tsquery}) > 0 and c.tsv @@ ${tsquery}
      order by ts_rank(c.tsv, ${tsquery}) desc, c.ordinal
      limit ${limit}
    `);
    rows = rowSchema.parse(rowsOf(result));
  }
  if (rows.length === 0) {
    const result = await db.execute(sql`
      select c.id::text as "chunkId", c.content, c.location
      from ${documentChunks} c
      where c.document_id = ${options.documentId} and c.organization_id = ${options.organizationId}
      order by c.ordinal
      limit ${Math.min(limit, 3)}
    `);
    rows = rowSchema.parse(rowsOf(result));
  }
  return rows.map(toPassage);
}

export interface PassageRequest {
  documentId: string;
  question: string;
}

const batchRowSchema = z.array(
  z.object({
    i: z.coerce.number(),
    chunkId: z.string(),
    content: z.string(),
    location: z.record(z.string(), z.unknown()).nullable(),
  }),
);

const firstRowSchema = z.array(rowSchema.element.extend({ documentId: z.string() }));

/**
 * `findPassages` for many (document, question) pairs in at most two
 * statements (decision 027, amendment 2026-11-25): the best matches of each
 * pair through one lateral join over a VALUES list, then, for the pairs
 * nothing matched, their documents' first passages. Same passages as one
 * call per pair; the filler asks it once per claimed batch, ahead of the
 * model calls, so a slot never waits for a passage query.
 */
export async function findPassagesBatch(
  db: Executor,
  organizationId: string,
  requests: PassageRequest[],
  limit = PASSAGES_PER_CELL,
): Promise<Passage[][]> {
  const found: z.infer<typeof batchRowSchema>[] = requests.map(() => []);
  const searched = requests
    .map((request, i) => ({
      i,
      documentId: request.documentId,
      words: anyWordQuery(request.question),
    }))
    .filter((r) => r.words);
  if (searched.length > 0) {
    const values = sql.join(
      searched.map((r) => sql`(${r.i}::integer, ${r.documentId}::uuid, ${r.words}::text)`),
      sql`, `,
    );
    const result = await db.execute(sql`
      select v.i, p."chunkId", p.content, p.location
      from (values ${values}) as v(i, document_id, words)
      cross join lateral (
        select c.id::text as "chunkId", c.content, c.location
        from ${documentChunks} c, websearch_to_tsquery('english', v.words) q
        where c.document_id = v.document_id and c.organization_id = ${organizationId}
          and numnode(q) > 0 and c.tsv @@ q
        order by ts_rank(c.tsv, q) desc, c.ordinal
        limit ${limit}
      ) p
      order by v.i
    `);
    for (const row of batchRowSchema.parse(rowsOf(result))) found[row.i]!.push(row);
  }
  const unmatched = requests.map((_, i) => i).filter((i) => found[i]!.length === 0);
  if (unmatched.length > 0) {
    const documentIds = [...new Set(unmatched.map((i) => requests[i]!.documentId))];
    const result = await db.execute(sql`
      select p."chunkId", p."documentId", p.content, p.location
      from (values ${sql.join(
        documentIds.map((id) => sql`(${id}::uuid)`),
        sql`, `,
      )}) as d(id)
      cross join lateral (
        select c.id::text as "chunkId", c.document_id::text as "documentId", c.content, c.location
        from ${documentChunks} c
        where c.document_id = d.id and c.organization_id = ${organizationId}
        order by c.ordinal
        limit ${Math.min(limit, 3)}
      ) p
    `);
    const first = new Map<string, z.infer<typeof rowSchema>>();
    for (const row of firstRowSchema.parse(rowsOf(result))) {
      const list = first.get(row.documentId) ?? [];
      list.push(row);
      first.set(row.documentId, list);
    }
    for (const i of unmatched) {
      found[i] = (first.get(requests[i]!.documentId) ?? []).map((row) => ({ i, ...row }));
    }
  }
  return found.map((rows) => rows.map(toPassage));
}

function toPassage(
  row: { chunkId: string; content: string; location: Record<string, unknown> | null },
  i: number,
): Passage {
  return {
    n: i + 1,
    chunkId: row.chunkId,
    content:
      row.content.length > PASSAGE_CHARS ? `${row.content.slice(0, PASSAGE_CHARS)}…` : row.content,
    page: pageOf(row.location),
  };
}

function pageOf(location: Record<string, unknown> | null): number | null {
  const page = location?.page;
  return typeof page === "number" && Number.isInteger(page) ? page : null;
}
