/** Small text helpers shared by the extractors. */

/**
 * Plain text safe to store and index: well-formed UTF-16, LF line ends, no
 * control characters but tab and newline (PostgreSQL text cannot hold NUL),
 * no trailing spaces, at most one blank line in a row.
 */
export function normalizeText(text: string): string {
  return stripControlCharacters(text)
    .replace(/[ \t\u00a0]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Well-formed UTF-16 with LF line ends and no control characters but tab and newline. */
export function stripControlCharacters(text: string): string {
  return text
    .toWellFormed()
    .replace(/\r\n?/g, "\n")
    .replace(/[^\P{Cc}\t\n]/gu, "");
}

/** At most `max` UTF-16 units, never splitting a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end);
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/** Paragraphs of plain text as HTML: blank lines separate paragraphs, single newlines become <br>. */
export function textToHtmlParagraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll("\n", "<br>")}</p>`)
    .join("\n");
}

const BLOCK_END = /<\/(?:p|h[1-6]|blockquote|pre|table|ul|ol|dl|section|article|figure)>/g;
const LINE_END = /<br\s*\/?>|<hr\s*\/?>|<\/(?:div|li|tr|dt|dd|caption|figcaption|header|footer)>/g;

/**
 * The text of HTML that came out of sanitizeDocumentHtml. Only that output is
 * accepted: its attributes never hold a raw `>`, and its text escapes only
 * `&`, `<` and `>`, so stripping tags and undoing those escapes is exact.
 */
export function sanitizedHtmlToText(html: string): string {
  const text = html
    // Whitespace between table tags is layout, and a block ending a cell ends nothing more.
    .replace(/>\s+(?=<\/?(?:table|thead|tbody|tfoot|tr|th|td)\b)/g, ">")
    .replace(/<\/(?:p|div|h[1-6]|li|blockquote|pre)>(?=<\/t[dh]>)/g, "")
    .replace(BLOCK_END, "\n\n")
    .replace(LINE_END, "\n")
    .replace(/<\/t[dh]>/g, "\t")
    .replace(/<[^>]*>/g, "")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");
  return normalizeText(text.replace(/\t+\n/g, "\n"));
}

const XML_ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
};

/** Undo XML escapes (the five named entities and numeric references) in OOXML text. */
export function decodeXmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/g, (whole, body: string) => {
    if (body.startsWith("#")) {
      const code = body[1] === "x" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return XML_ENTITIES[body] ?? whole;
  });
}

const wordSegmenter = new Intl.Segmenter(undefined, { granularity: "word" });

/** Words in the text, by Unicode word boundaries (so CJK text counts too). */
export function countWords(text: string): number {
  let count = 0;
  for (const segment of wordSegmenter.segment(text)) {
    if (segment.isWordLike) count += 1;
  }
  return count;
}
