import { and, asc, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import type { Executor } from "../db/database.ts";
import { documentChunks, searchTerms } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { EMBEDDING_BATCH, type EmbeddingChoice, embedPassages } from "../models/embedding-model.ts";

/** Embeddings of a document's passages, for processing to store beside them. */
export type PassageEmbedder = (
  texts: string[],
  signal: AbortSignal,
) => Promise<{ model: string; vectors: number[][] } | null>;

/**
 * The processing job's embedder (decision 031): null without an embedding
 * model; a provider failure is logged and the document is stored without
 * embeddings (full-text still finds it; `embeddings:recompute` fills them in).
 */
export function passageEmbedder(
  choice: EmbeddingChoice | null | undefined,
  log: Logger,
): PassageEmbedder | undefined {
  if (!choice) return undefined;
  return async (texts, signal) => {
    if (texts.length === 0) return { model: choice.id, vectors: [] };
    try {
      return { model: choice.id, vectors: await embedPassages(choice, texts, signal) };
    } catch (error) {
      if (signal.aborted) throw error;
      log.warn({ err: error, embeddingModel: choice.id }, "could not embed a document's passages");
      return null;
    }
  };
}

/** The words of a document's passages, for misspelt queries (search_terms). */
export async function recordSearchTerms(
  tx: Executor,
  organizationId: string,
  documentId: string,
): Promise<void> {
  await tx.execute(sql`
    insert into ${searchTerms} (organization_id, term)
    select distinct ${organizationId}::uuid, w.term
    from ${documentChunks} c
    cross join lateral regexp_split_to_table(lower(c.content), '[^[:alnum:]]+') as w(term)
    where c.document_id = ${documentId} and length(w.term) between 3 and 40
    on conflict do nothing`);
}

/**
 * `embeddings:recompute`: embed every passage whose embedding is missing or
 * from another model (all of them with `all`), in batches of 2,048, each batch
 * committed on its own so an interrupted run resumes where it stopped.
 * Returns how many passages were embedded.
 */
export async function recomputeEmbeddings(options: {
  db: Executor;
  choice: EmbeddingChoice;
  all?: boolean;
  onProgress?: (done: number) => void;
}): Promise<number> {
  const { db, choice } = options;
  const stale = options.all
    ? undefined
    : or(isNull(documentChunks.embeddingModel), ne(documentChunks.embeddingModel, choice.id));
  let after: string | undefined;
  let done = 0;
  for (;;) {
    const rows = await db
      .select({ id: documentChunks.id, content: documentChunks.content })
      .from(documentChunks)
      .where(and(stale, after ? gt(documentChunks.id, after) : undefined))
      .orderBy(asc(documentChunks.id))
      .limit(EMBEDDING_BATCH);
    if (rows.length === 0) break;
    const vectors = await embedPassages(
      choice,
      rows.map((r) => r.content),
    );
    await db.transaction(async (tx) => {
      for (const [index, row] of rows.entries()) {
        await tx
          .update(documentChunks)
          .set({ embedding: vectors[index] ?? null, embeddingModel: choice.id })
          .where(eq(documentChunks.id, row.id));
      }
    });
    done += rows.length;
    after = rows.at(-1)?.id;
    options.onProgress?.(done);
  }
  return done;
}
