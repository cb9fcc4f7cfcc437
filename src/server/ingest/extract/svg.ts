import { ExtractionError } from "./extraction-error.ts";
import { tooDeep } from "./finish-extraction.ts";
import { MAX_NESTING_DEPTH, nestingDepth } from "./html-depth.ts";
import { describeImage } from "./image.ts";
import { readTextPrefix } from "./read-text.ts";
import { sanitizeSvg } from "./sanitize.ts";
import { decodeXmlEntities, normalizeText } from "./text-utils.ts";
import type { Extracted, ExtractionInput } from "./types.ts";

const LABEL = "SVG image";

/**
 * SVG: sanitized first (no script, handlers or outside references), then
 * rasterized by sharp; the preview is a PNG, so the SVG itself is never
 * served. Its <title> and <text> are kept as text for search.
 */
export async function extractSvg(input: ExtractionInput): Promise<Extracted> {
  const source = await readTextPrefix(input.filePath, LABEL);
  if (source.truncated) {
    throw new ExtractionError(`The file is too large to process (an ${LABEL} over 10 MB).`);
  }
  if (nestingDepth(source.text) > MAX_NESTING_DEPTH) throw tooDeep();
  const svg = sanitizeSvg(source.text);
  if (!svg) throw new ExtractionError(`This ${LABEL} is damaged: it has no <svg> element.`);
  const image = await describeImage(Buffer.from(svg), LABEL);
  const text = svgText(svg);
  const title = /<title>([^<]{1,500})<\/title>/.exec(svg)?.[1];
  return {
    ...image,
    sections: text ? [{ text, location: {} }] : [],
    metadata: {
      ...image.metadata,
      ...(title ? { title: normalizeText(decodeXmlEntities(title)) } : {}),
    },
  };
}

function svgText(svg: string): string {
  const parts = [...svg.matchAll(/<(title|desc|text)\b[^>]*>([\s\S]*?)<\/\1>/g)].map(([, , body]) =>
    decodeXmlEntities((body ?? "").replace(/<[^>]*>/g, " ")),
  );
  return normalizeText(parts.join("\n"));
}
