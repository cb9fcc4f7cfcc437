import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "../db/database.ts";
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
  return rows.map((row, i) => ({
    n: i + 1,
    chunkId: row.chunkId,
    content:
      row.content.length > PASSAGE_CHARS ? `${row.content.slice(0, PASSAGE_CHARS)}…` : row.content,
    page: pageOf(row.location),
  }));
}

function pageOf(location: Record<string, unknown> | null): number | null {
  const page = location?.page;
  return typeof page === "number" && Number.isInteger(page) ? page : null;
}

function rowsOf(result: unknown): unknown {
  return typeof result === "object" && result !== null && "rows" in result
    ? result.rows
    : undefined;
}
