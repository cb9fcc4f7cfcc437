import { tool, zodSchema } from "ai";
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { documentChunks, documents, threadDocuments } from "../../db/schema.ts";
import { searchPassages } from "../../documents/hybrid-search.ts";
import { runTool, type ToolContext } from "./tool-context.ts";

const MAX_RESULTS = 8;
const PER_DOCUMENT = 2;
const CANDIDATES = 40;
const PASSAGE_CHARS = 1_200;

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
 * searchDocuments: the dossier's search (searchPassages, decision 031) over the
 * passages of the processed documents the caller may read (dossier/access.ts),
 * the thread's own documents first. Each passage comes back numbered for
 * citation.
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
        const rows = await findPassages(context, query);
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

/**
 * The passages answering `query` through the dossier's search seam (searchPassages, decision
 * 031: any word, phrases, prefixes, misspellings, meaning when an embedding model is
 * configured; access checked in SQL): the thread's attached documents' best passages first,
 * then the organization's. Only processed documents, as before.
 */
async function findPassages(context: ToolContext, query: string): Promise<Row[]> {
  const { db, organizationId, userId } = context;
  const attachedIds = (
    await db
      .select({ documentId: threadDocuments.documentId })
      .from(threadDocuments)
      .where(
        and(
          eq(threadDocuments.threadId, context.threadId),
          eq(threadDocuments.organizationId, organizationId),
        ),
      )
  ).map((row) => row.documentId);
  const search = (documentIds?: string[]) =>
    searchPassages(db, {
      organizationId,
      userId,
      query,
      documentIds,
      limit: CANDIDATES,
      embedding: context.embedding,
      processedOnly: true,
    });
  const fromAttached = attachedIds.length > 0 ? await search(attachedIds) : [];
  const fromAll = await search();
  const seen = new Set<string>();
  const passages = [...fromAttached, ...fromAll].filter((p) => {
    if (seen.has(p.chunkId)) return false;
    seen.add(p.chunkId);
    return true;
  });
  if (passages.length === 0) return [];
  // The passages' documents were access-checked by searchPassages; these are their names.
  const named = await db
    .select({
      chunkId: documentChunks.id,
      location: documentChunks.location,
      name: documents.name,
      mimeType: documents.mimeType,
      fileName: documents.fileNameOriginal,
    })
    .from(documentChunks)
    .innerJoin(documents, eq(documents.id, documentChunks.documentId))
    .where(
      and(
        eq(documentChunks.organizationId, organizationId),
        eq(documents.organizationId, organizationId),
        inArray(
          documentChunks.id,
          passages.map((p) => p.chunkId),
        ),
      ),
    );
  const byChunk = new Map(named.map((row) => [row.chunkId, row]));
  const attached = new Set(attachedIds);
  return passages.flatMap((p): Row[] => {
    const found = byChunk.get(p.chunkId);
    if (!found) return [];
    return [
      {
        chunkId: p.chunkId,
        documentId: p.documentId,
        content: p.text,
        location: found.location,
        name: found.name,
        mimeType: found.mimeType,
        fileName: found.fileName,
        attached: attached.has(p.documentId),
      },
    ];
  });
}

interface Row {
  chunkId: string;
  documentId: string;
  content: string;
  location: Record<string, unknown> | null;
  name: string;
  mimeType: string;
  fileName: string | null;
  attached: boolean;
}

/** The best passages, at most two per document, so one long document does not crowd out others. */
function pickPassages(rows: Row[]) {
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
