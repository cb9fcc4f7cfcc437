import { tool, zodSchema } from "ai";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { documentChunks, documents, threadDocuments } from "../../db/schema.ts";
import { documentReadableByIdSql } from "../../dossier/access.ts";
import { runTool, type ToolContext } from "./tool-context.ts";

const MAX_RESULTS = 8;
const PER_DOCUMENT = 2;
const CANDIDATES = 40;
const PASSAGE_CHARS = 1_200;

const rowSchema = z.object({
  chunkId: z.string(),
  documentId: z.string(),
  content: z.string(),
  location: z.record(z.string(), z.unknown()).nullable(),
  name: z.string(),
  mimeType: z.string(),
  fileName: z.string().nullable(),
  attached: z.boolean(),
  rank: z.number(),
});

// Built once (with its JSON schema, cached by zodSchema): every answer gets its own tools.
const inputSchema = zodSchema(
  z.object({
    query: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .describe("Keywords or a short question; quotes, OR and -word work as on a web search."),
  }),
);

/**
 * searchDocuments: full-text search over the passages of the processed
 * documents the caller may read (dossier/access.ts) (PostgreSQL English text search,
 * web-search syntax, ts_rank), the thread's own documents first. Each passage
 * comes back numbered for citation.
 */
export function searchDocumentsTool(context: ToolContext) {
  return tool({
    description:
      "Search the user's dossier (their organization's processed documents) for passages " +
      "matching a query. Documents attached to this conversation rank first. Returns numbered " +
      "passages: cite them as [n].",
    inputSchema,
    execute: ({ query }) =>
      runTool(context, "searchDocuments", async () => {
        let rows = await findPassages(context, query);
        // Every word must match by default; with nothing found, any word may.
        if (rows.length === 0) {
          const anyWord = query
            .split(/\s+/)
            .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ""))
            .filter(Boolean)
            .join(" or ");
          if (anyWord && anyWord !== query) rows = await findPassages(context, anyWord);
        }
        const results = pickPassages(rows).map((row) => ({
          citation: context.citations.cite({
            documentId: row.documentId,
            documentName: row.name,
            mediaType: row.mimeType,
            fileName: row.fileName,
            chunkId: row.chunkId,
            passage: row.content,
            location: locationOf(row.location),
          }),
          documentId: row.documentId,
          documentName: row.name,
          attachedToThread: row.attached,
          passage: clip(row.content),
        }));
        return {
          query,
          results,
          ...(results.length === 0
            ? { note: "No passage matches. Try other words, or list the thread's documents." }
            : {}),
        };
      }),
  });
}

async function findPassages(context: ToolContext, query: string) {
  const result = await context.db.execute(sql`
    with q as (select websearch_to_tsquery('english', ${query}) as query)
    select c.id::text as "chunkId", c.document_id::text as "documentId", c.content,
      c.location, d.name, d.mime_type as "mimeType", d.file_name_original as "fileName",
      (td.document_id is not null) as attached,
      ts_rank(c.tsv, q.query)::float8 as rank
    from ${documentChunks} c
    cross join q
    join ${documents} d on d.id = c.document_id
    left join ${threadDocuments} td
      on td.document_id = c.document_id and td.thread_id = ${context.threadId}
      and td.organization_id = ${context.organizationId}
    where c.organization_id = ${context.organizationId}
      and d.organization_id = ${context.organizationId}
      and d.processing_status = 'completed'
      and ${documentReadableByIdSql(context, sql`d.id`)}
      and numnode(q.query) > 0 and c.tsv @@ q.query
    order by attached desc, rank desc, c.document_id, c.ordinal
    limit ${CANDIDATES}
  `);
  return z.array(rowSchema).parse((result as { rows?: unknown }).rows ?? []);
}

/** The best passages, at most two per document, so one long document does not crowd out others. */
function pickPassages(rows: z.infer<typeof rowSchema>[]) {
  const perDocument = new Map<string, number>();
  const picked: typeof rows = [];
  for (const row of rows) {
    const count = perDocument.get(row.documentId) ?? 0;
    if (count >= PER_DOCUMENT) continue;
    perDocument.set(row.documentId, count + 1);
    picked.push(row);
    if (picked.length >= MAX_RESULTS) break;
  }
  return picked;
}

function locationOf(location: Record<string, unknown> | null) {
  const clean: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(location ?? {})) {
    if (["string", "number", "boolean"].includes(typeof value) || value === null) {
      clean[key] = value as string | number | boolean | null;
    }
  }
  return clean;
}

function clip(text: string): string {
  return text.length > PASSAGE_CHARS ? `${text.slice(0, PASSAGE_CHARS)}…` : text;
}
