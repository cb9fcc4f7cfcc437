import { sanitizeDocumentHtml } from "./sanitize.ts";
import { sanitizedHtmlToText } from "./text-utils.ts";

/**
 * Paragraphs for a drawn preview, from the start of raw HTML: 16 KB is more
 * than a thumbnail shows, and keeps the parser's cost small however deeply
 * the markup nests.
 */
export function previewParagraphs(html: string): string[] {
  return sanitizedHtmlToText(sanitizeDocumentHtml(html.slice(0, 16 * 1024))).split(/\n{2,}/);
}
