import { MAX_HTML_CHARS, MAX_TEXT_CHARS } from "./limits.ts";
import { renderPagePreview } from "./preview-canvas.ts";
import { readTextPrefix } from "./read-text.ts";
import { cutText, normalizeText, textToHtmlParagraphs } from "./text-utils.ts";
import type { Extracted, ExtractionInput } from "./types.ts";

/** TXT: escaped paragraphs; a huge file is read and shown only in part. */
export async function extractPlainText(input: ExtractionInput): Promise<Extracted> {
  const source = await readTextPrefix(input.filePath, "text file");
  const text = normalizeText(cutText(source.text, MAX_TEXT_CHARS + 1));
  // Escaping can grow text; a half-size cap keeps the HTML under its own.
  const shown = cutText(text, MAX_HTML_CHARS / 2);
  const html = textToHtmlParagraphs(shown);
  const paragraphs = cutText(text, 4000).split(/\n{2,}/);
  return {
    html,
    sections: [{ text, location: {} }],
    metadata: { lines: countLines(text), bytes: source.size },
    preview: await renderPagePreview({ paragraphs }),
    truncated: source.truncated,
    htmlTruncated: shown.length < text.length,
  };
}

function countLines(text: string): number {
  if (!text) return 0;
  let lines = 1;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) lines += 1;
  return lines;
}
