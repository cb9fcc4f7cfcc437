import { renderPagePreview } from "./preview-canvas.ts";
import { previewParagraphs } from "./preview-text.ts";
import { readTextPrefix } from "./read-text.ts";
import { sanitizeDocumentHtml } from "./sanitize.ts";
import { sanitizedHtmlToText } from "./text-utils.ts";
import type { Extracted, ExtractionInput } from "./types.ts";

/** HTML: kept as sanitized HTML (no script, styles, frames or remote images); the title from <title>. */
export async function extractHtmlDocument(input: ExtractionInput): Promise<Extracted> {
  const source = await readTextPrefix(input.filePath, "HTML file");
  const title = titleOf(source.text);

  return {
    html: source.text,
    metadata: title ? { title } : {},
    preview: await renderPagePreview({ title, paragraphs: previewParagraphs(source.text) }),
    truncated: source.truncated,
  };
}

function titleOf(html: string): string | undefined {
  const match = /<title[^>]*>([^<]{1,500})<\/title>/i.exec(html.slice(0, 64 * 1024));
  if (!match?.[1]) return undefined;
  const text = sanitizedHtmlToText(sanitizeDocumentHtml(`<p>${match[1]}</p>`)).trim();
  return text || undefined;
}
