import { Marked } from "marked";
import { renderPagePreview } from "./preview-canvas.ts";
import { previewParagraphs } from "./preview-text.ts";
import { readTextPrefix } from "./read-text.ts";
import { stripControlCharacters } from "./text-utils.ts";
import type { Extracted, ExtractionInput } from "./types.ts";

const marked = new Marked({ gfm: true, async: false });

/** Markdown: rendered with marked (GitHub flavour); raw HTML inside it is sanitized like any other. */
export async function extractMarkdown(input: ExtractionInput): Promise<Extracted> {
  const source = await readTextPrefix(input.filePath, "Markdown file");
  const markdown = stripControlCharacters(source.text);
  const html = marked.parse(markdown, { async: false });
  const title = firstHeading(markdown);
  const paragraphs = previewParagraphs(html).filter((block) => block !== title);
  return {
    html,
    metadata: title ? { title } : {},
    preview: await renderPagePreview({ title, paragraphs }),
    truncated: source.truncated,
  };
}

function firstHeading(markdown: string): string | undefined {
  const match = /^#{1,6}[ \t]+(.+?)[ \t#]*$/m.exec(markdown.slice(0, 20_000));
  return match?.[1]?.trim() || undefined;
}
