import type { FileType } from "#shared/file-types.ts";

export interface ExtractionInput {
  filePath: string;
  fileType: FileType;
  fileName: string;
}

export interface ChunkLocation {
  page?: number;
  sheet?: string;
  slide?: number;
}

export interface ExtractedChunk {
  content: string;
  location: ChunkLocation;
}

export interface ExtractionPreview {
  bytes: Uint8Array;
  contentType: "image/png" | "image/jpeg";
}

export interface ExtractionResult {
  /** Plain text (capped at MAX_TEXT_CHARS; metadata.textTruncated says when). */
  text: string;
  /** Sanitized HTML for display. */
  html: string;
  /** Extractive summary, at most about 600 characters. */
  summary: string | null;
  /** About 1000-character passages on sentence boundaries, never across pages, sheets or slides. */
  chunks: ExtractedChunk[];
  metadata: Record<string, unknown>;
  /** First page, slide or sheet as an image, or the image itself downscaled. */
  preview: ExtractionPreview | null;
}

export interface ExtractionLimits {
  timeoutMs: number;
  maxMemoryMb: number;
}

/** A run of text with where it is: one page, slide or sheet. */
export interface TextSection {
  text: string;
  location: ChunkLocation;
}

/**
 * What a per-type extractor returns; `finishExtraction` turns it into an
 * ExtractionResult (sanitizes the HTML, caps the text, chunks, summarizes).
 */
export interface Extracted {
  /** Raw HTML: it is sanitized before anyone sees it. */
  html: string;
  /** The text by location; when absent, the text of the sanitized HTML is used. */
  sections?: TextSection[];
  metadata: Record<string, unknown>;
  preview: ExtractionPreview | null;
  /** A summary that suits the type better than an extractive one (spreadsheets). */
  summary?: string | null;
  /** The extractor already cut the content short (a prefix of a huge file). */
  truncated?: boolean;
  /** The HTML shows less than the text holds. */
  htmlTruncated?: boolean;
}
