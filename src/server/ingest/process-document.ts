import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { and, eq, ne } from "drizzle-orm";
import { FILE_TYPE_INFO, FILE_TYPES } from "#shared/file-types.ts";
import type { Services } from "../api/context.ts";
import type { Executor } from "../db/database.ts";
import { documentChunks, documents } from "../db/schema.ts";
import { newId } from "../ids.ts";
import { makeScratchDir } from "../jobs/scratch-dir.ts";
import { type PassageEmbedder, recordSearchTerms } from "./chunk-embeddings.ts";
import { notifyProcessed } from "./notify-processed.ts";

/** Loaded on first use: the extraction libraries (pdf.js, ...) are heavy and only workers need them. */
const loadExtraction = () => import("./extract/index.ts");
type Extraction = Awaited<ReturnType<Awaited<ReturnType<typeof loadExtraction>>["runExtraction"]>>;

/**
 * The document pipeline's one step: blob -> temp file -> extraction (text,
 * safe HTML, summary, chunks, preview) -> one transaction that stores it all.
 * Status goes pending -> processing -> completed, or failed with a reason a
 * user can read. A file that is simply bad fails at once; anything else
 * (storage, database) throws so the job queue retries it.
 */

export const GAVE_UP_MESSAGE = "Processing failed after several attempts. Try again later.";
const MISSING_BLOB_MESSAGE = "The uploaded file is missing from storage. Upload it again.";
const UNSUPPORTED_MESSAGE = "Files of this type cannot be processed.";
const CHUNK_BATCH = 500;

/** Turns the extracted text into a better summary (a model, later); null keeps the extractive one. */
export type Summarizer = (input: {
  documentId: string;
  organizationId: string;
  name: string;
  text: string;
  extractiveSummary: string | null;
  signal: AbortSignal;
}) => Promise<string | null | undefined>;

export interface ProcessDocumentOptions {
  services: Services;
  documentId: string;
  signal?: AbortSignal;
  /** Called inside the transaction that stores the outcome (the job queue marks the job done there). */
  onCommit?: (tx: Executor) => Promise<void>;
  summarize?: Summarizer;
  /** Embeds the passages for hybrid search (decision 031); absent: no embedding model. */
  embed?: PassageEmbedder;
}

export type ProcessOutcome = "completed" | "failed" | "gone";

export async function processDocument(options: ProcessDocumentOptions): Promise<ProcessOutcome> {
  const { services, documentId } = options;
  const signal = options.signal ?? new AbortController().signal;
  const db = services.database.db;
  const [doc] = await db
    .update(documents)
    .set({ processingStatus: "processing", processingError: null, updatedAt: new Date() })
    .where(eq(documents.id, documentId))
    .returning({
      organizationId: documents.organizationId,
      storageId: documents.storageId,
      previewStorageId: documents.previewStorageId,
      fileType: documents.fileType,
      name: documents.name,
      fileNameOriginal: documents.fileNameOriginal,
    });
  if (!doc) return "gone";
  const fail = (message: string) => storeFailure(options, message);

  const fileType = FILE_TYPES.find((type) => type === doc.fileType);
  if (!fileType) return fail(UNSUPPORTED_MESSAGE);
  const fileName = doc.fileNameOriginal ?? doc.name;

  const dir = await makeScratchDir();
  try {
    const filePath = join(dir, `source.${FILE_TYPE_INFO[fileType].extensions[0]}`);
    if (!(await downloadBlob(services, doc.storageId, filePath, signal))) {
      return fail(MISSING_BLOB_MESSAGE);
    }
    signal.throwIfAborted();
    const { ExtractionError, runExtraction } = await loadExtraction();
    let extraction: Extraction;
    try {
      extraction = await runExtraction(
        { filePath, fileType, fileName },
        {
          timeoutMs: services.config.worker.timeoutMs,
          maxMemoryMb: services.config.worker.maxMemoryMb,
        },
      );
    } catch (error) {
      if (error instanceof ExtractionError) {
        services.log.info(
          { documentId, fileType, reason: error.message, detail: error.detail },
          "document cannot be processed",
        );
        return fail(error.message);
      }
      throw error;
    }
    signal.throwIfAborted();
    const summary = await betterSummary(options, doc, extraction.text, extraction.summary, signal);

    const previewKey = `${doc.storageId}.preview`;
    if (extraction.preview) {
      await services.storage.put(previewKey, extraction.preview.bytes, {
        contentType: extraction.preview.contentType,
      });
    }
    signal.throwIfAborted();
    const chunks = prepareChunks(extraction.chunks);
    const embedded = options.embed
      ? await options.embed(
          chunks.map((chunk) => chunk.content),
          signal,
        )
      : null;
    signal.throwIfAborted();
    const stored = await db.transaction(async (tx) => {
      if (!(await lockDocument(tx, documentId))) return false;
      await tx
        .update(documents)
        .set({
          htmlContent: clean(extraction.html),
          textContent: clean(extraction.text),
          summary: summary === null ? null : clean(summary),
          metadata: cleanJson(extraction.metadata) as Record<string, unknown>,
          previewStorageId: extraction.preview ? previewKey : null,
          previewContentType: extraction.preview?.contentType ?? null,
          processingStatus: "completed",
          processingError: null,
          processedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(documents.id, documentId));
      await replaceChunks(tx, doc.organizationId, documentId, chunks, embedded);
      await recordSearchTerms(tx, doc.organizationId, documentId);
      await notifyProcessed(tx, documentId, { status: "completed" });
      await options.onCommit?.(tx);
      return true;
    });
    const stalePreview = stored
      ? !extraction.preview && doc.previewStorageId
      : extraction.preview && previewKey;
    if (stalePreview) await services.storage.delete([stalePreview]);
    return stored ? "completed" : "gone";
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Mark a document failed with a reason, unless it completed meanwhile (the job gave up, say). */
export async function markDocumentFailed(
  db: Executor,
  documentId: string,
  message: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const failed = await tx
      .update(documents)
      .set({ processingStatus: "failed", processingError: message, updatedAt: new Date() })
      .where(and(eq(documents.id, documentId), ne(documents.processingStatus, "completed")))
      .returning({ id: documents.id });
    if (failed.length > 0) {
      await notifyProcessed(tx, documentId, { status: "failed", reason: message });
    }
  });
}

async function storeFailure(options: ProcessDocumentOptions, message: string) {
  const stored = await options.services.database.db.transaction(async (tx) => {
    if (!(await lockDocument(tx, options.documentId))) return false;
    await tx
      .update(documents)
      .set({ processingStatus: "failed", processingError: message, updatedAt: new Date() })
      .where(eq(documents.id, options.documentId));
    await notifyProcessed(tx, options.documentId, { status: "failed", reason: message });
    await options.onCommit?.(tx);
    return true;
  });
  return stored ? ("failed" as const) : ("gone" as const);
}

/**
 * Lock the document row for the rest of the transaction, so two runs over the
 * same document (a retry racing a slow run) store one set of chunks, not two.
 */
async function lockDocument(tx: Executor, documentId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.id, documentId))
    .for("update");
  return rows.length > 0;
}

/** The passages worth storing: cleaned, empty ones dropped. */
function prepareChunks(chunks: { content: string; location?: object }[]) {
  return chunks
    .map((chunk) => ({ content: clean(chunk.content), location: chunk.location ?? {} }))
    .filter((chunk) => chunk.content.trim().length > 0);
}

async function replaceChunks(
  tx: Executor,
  organizationId: string,
  documentId: string,
  chunks: { content: string; location: object }[],
  embedded: { model: string; vectors: number[][] } | null,
) {
  await tx.delete(documentChunks).where(eq(documentChunks.documentId, documentId));
  const withVectors = embedded && embedded.vectors.length === chunks.length ? embedded : null;
  const rows = chunks.map((chunk, ordinal) => ({
    id: newId(),
    organizationId,
    documentId,
    ordinal,
    content: chunk.content,
    location: cleanJson(chunk.location) as Record<string, unknown>,
    embedding: withVectors?.vectors[ordinal] ?? null,
    embeddingModel: withVectors ? withVectors.model : null,
  }));
  for (let start = 0; start < rows.length; start += CHUNK_BATCH) {
    await tx.insert(documentChunks).values(rows.slice(start, start + CHUNK_BATCH));
  }
}

/** Stream the blob to a file. False when the blob is missing. */
async function downloadBlob(
  services: Services,
  storageId: string,
  filePath: string,
  signal: AbortSignal,
): Promise<boolean> {
  const stream = await services.storage.get(storageId);
  if (!stream) return false;
  await pipeline(stream, createWriteStream(filePath, { flags: "wx", mode: 0o600 }), { signal });
  return true;
}

/** The summarizer's text when there is one and it works; the extractive summary otherwise. */
async function betterSummary(
  options: ProcessDocumentOptions,
  doc: { organizationId: string; name: string },
  text: string,
  extractiveSummary: string | null,
  signal: AbortSignal,
): Promise<string | null> {
  if (!options.summarize || text.trim().length === 0) return extractiveSummary;
  try {
    const summary = await options.summarize({
      documentId: options.documentId,
      organizationId: doc.organizationId,
      name: doc.name,
      text,
      extractiveSummary,
      signal,
    });
    return summary?.trim() ? summary.trim() : extractiveSummary;
  } catch (error) {
    signal.throwIfAborted();
    // A model outage must not fail the document: keep the extractive summary.
    options.services.log.warn(
      { err: error, documentId: options.documentId },
      "summarizer failed; keeping the extractive summary",
    );
    return extractiveSummary;
  }
}

/** PostgreSQL text cannot hold NUL characters; extracted text sometimes does. */
function clean(text: string): string {
  return text.replaceAll("\u0000", "");
}

function cleanJson(value: unknown): unknown {
  if (typeof value === "string") return clean(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(cleanJson);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [clean(key), cleanJson(inner)]),
    );
  }
  return value;
}
