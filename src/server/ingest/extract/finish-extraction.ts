import { chunkSections } from "./chunk-text.ts";
import { ExtractionError } from "./extraction-error.ts";
import { MAX_NESTING_DEPTH, nestingDepth } from "./html-depth.ts";
import { MAX_HTML_CHARS, MAX_TEXT_CHARS } from "./limits.ts";
import { sanitizeDocumentHtml } from "./sanitize.ts";
import { summarize } from "./summarize.ts";
import { countWords, cutText, normalizeText, sanitizedHtmlToText } from "./text-utils.ts";
import type { Extracted, ExtractionResult, TextSection } from "./types.ts";

const CUT_NOTICE =
  "<p><em>The rest of this document is too long to show here. Download the file to read all of it.</em></p>";

/**
 * Every extractor ends here: the HTML is sanitized (the only way HTML leaves
 * the extraction), the text normalized and capped, then chunked and summarized.
 */
export function finishExtraction(extracted: Extracted): ExtractionResult {
  if (nestingDepth(extracted.html) > MAX_NESTING_DEPTH) throw tooDeep();
  const fullHtml = extracted.html ? sanitizeDocumentHtml(extracted.html) : "";
  const cappedHtml = capHtml(fullHtml);
  const sourceSections = extracted.sections ?? [
    { text: sanitizedHtmlToText(fullHtml), location: {} },
  ];
  const { sections, truncated } = capSections(sourceSections);
  const text = sections.map((section) => section.text).join("\n\n");
  const htmlTruncated =
    cappedHtml.length < fullHtml.length || extracted.htmlTruncated || extracted.truncated;
  const metadata: Record<string, unknown> = { ...extracted.metadata, wordCount: countWords(text) };
  if (truncated || extracted.truncated) metadata.textTruncated = true;
  if (htmlTruncated) metadata.htmlTruncated = true;
  return {
    text,
    html: htmlTruncated && fullHtml ? `${cappedHtml}\n${CUT_NOTICE}` : cappedHtml,
    summary: extracted.summary !== undefined ? extracted.summary : summarize(text),
    chunks: chunkSections(sections),
    metadata,
    preview: extracted.preview,
  };
}

/** Normalized sections, empty ones dropped, at most MAX_TEXT_CHARS in all. */
function capSections(input: readonly TextSection[]): {
  sections: TextSection[];
  truncated: boolean;
} {
  const sections: TextSection[] = [];
  let budget = MAX_TEXT_CHARS;
  for (const section of input) {
    if (budget <= 0) return { sections, truncated: true };
    const text = normalizeText(cutText(section.text, budget + 1024));
    if (!text) continue;
    const kept = cutText(text, budget);
    sections.push({ text: kept, location: section.location });
    budget -= kept.length + 2;
    if (kept.length < text.length) return { sections, truncated: true };
  }
  return { sections, truncated: false };
}

/**
 * Sanitized HTML over the display cap (less room for the notice) is cut
 * after a tag (its text escapes every `>`, so a raw `>` always ends a tag)
 * and sanitized again to close what the cut left open.
 */
function capHtml(html: string): string {
  if (html.length <= MAX_HTML_CHARS - CUT_NOTICE.length - 1) return html;
  const end = html.lastIndexOf(">", MAX_HTML_CHARS - CUT_NOTICE.length - 1);
  return end > 0 ? sanitizeDocumentHtml(html.slice(0, end + 1)) : "";
}

export function tooDeep(): ExtractionError {
  return new ExtractionError(
    `This document nests its content too deeply to process (more than ${MAX_NESTING_DEPTH} levels).`,
  );
}
