/**
 * Document extraction: a stored file -> text, sanitized HTML, an extractive
 * summary, search chunks, metadata and a preview image, in a worker thread with
 * time and memory bounds. This is the module's public surface.
 */
export { ExtractionError } from "./extraction-error.ts";
export { closeExtractionWorkers, runExtraction } from "./run-extraction.ts";
export { sanitizeDocumentHtml } from "./sanitize.ts";
export type {
  ChunkLocation,
  ExtractedChunk,
  ExtractionInput,
  ExtractionLimits,
  ExtractionPreview,
  ExtractionResult,
} from "./types.ts";
