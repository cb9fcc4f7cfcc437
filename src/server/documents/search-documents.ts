import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import type { Executor } from "../db/database.ts";
import type { DossierCaller } from "../dossier/access.ts";
import type { EmbeddingChoice } from "../models/embedding-model.ts";
import { hybridSearch } from "./hybrid-search.ts";

export interface SearchDocumentsOptions {
  db: Executor;
  caller: DossierCaller;
  /** What the user typed: "phrases", prefix*, -exclusions; any word may match. */
  query: string;
  /** Only this folder and its subfolders; null or absent: the whole dossier. */
  folderId?: string | null;
  limit: number;
  embedding?: EmbeddingChoice | null;
}

export interface SearchHit {
  document: DocumentSummary;
  /** The best-matching passage, plain text. */
  snippet: string;
  chunkId: string;
  rank: number;
}

/**
 * The first page of documents.search with one passage per document: the
 * earlier shape of the search, kept for callers that want only that. The
 * search itself is hybrid-search.ts (decision 031).
 */
export async function searchDocuments(options: SearchDocumentsOptions): Promise<SearchHit[]> {
  const result = await hybridSearch({
    db: options.db,
    caller: options.caller,
    embedding: options.embedding,
    query: options.query,
    filters: { folderId: options.folderId ?? null, includeSubfolders: true },
    offset: 0,
    limit: options.limit,
  });
  return result.hits.map((hit) => ({
    document: hit.document,
    snippet: hit.passages[0]?.text ?? "",
    chunkId: hit.passages[0]?.chunkId ?? "",
    rank: hit.score,
  }));
}
