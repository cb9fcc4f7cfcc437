import { ExtractionError } from "./extraction-error.ts";
import { MAX_SLIDES } from "./limits.ts";
import { CORE_PROPERTIES, readOfficeProperties } from "./office-properties.ts";
import { renderSlidePreview } from "./preview-canvas.ts";
import { decodeXmlEntities, escapeHtml, normalizeText } from "./text-utils.ts";
import type { Extracted, ExtractionInput, TextSection } from "./types.ts";
import { guardZip } from "./zip-guard.ts";

/**
 * PPTX: the text of each slide (a:t runs, paragraph by paragraph) in the
 * presentation's order (p:sldIdLst), titles from title placeholders. Read
 * straight from the zip: no presentation library needed for text.
 */

const LABEL = "PowerPoint file";
const PRESENTATION = "ppt/presentation.xml";
const PRESENTATION_RELS = "ppt/_rels/presentation.xml.rels";
const SLIDE = /^ppt\/slides\/slide(\d+)\.xml$/;

interface Slide {
  title: string | undefined;
  paragraphs: string[];
}

export async function extractPptx(input: ExtractionInput): Promise<Extracted> {
  const zip = await guardZip(
    input.filePath,
    LABEL,
    (name) =>
      name === PRESENTATION ||
      name === PRESENTATION_RELS ||
      name === CORE_PROPERTIES ||
      SLIDE.test(name),
  );
  if (!zip.files.has(PRESENTATION)) {
    throw new ExtractionError(`This ${LABEL} is damaged: it has no presentation part.`);
  }
  const order = slideOrder(zip.files).slice(0, MAX_SLIDES);
  const slides = order.map((name) => readSlide(zip.files.get(name)?.toString("utf8") ?? ""));
  const sections: TextSection[] = slides.map((slide, i) => ({
    text: normalizeText([slide.title, ...slide.paragraphs].filter(Boolean).join("\n")),
    location: { slide: i + 1 },
  }));
  const html = slides.map((slide, i) => slideHtml(slide, i + 1)).join("\n");
  const properties = readOfficeProperties(zip.files);
  const first = slides[0];
  return {
    html,
    sections,
    metadata: { ...properties, slides: slides.length },
    preview: await renderSlidePreview({
      title: first?.title ?? (typeof properties.title === "string" ? properties.title : undefined),
      paragraphs: first?.paragraphs ?? [],
    }),
  };
}

/** Slide part names in presentation order; by file number when the order cannot be read. */
function slideOrder(files: ReadonlyMap<string, Buffer>): string[] {
  const presentation = files.get(PRESENTATION)?.toString("utf8") ?? "";
  const rels = files.get(PRESENTATION_RELS)?.toString("utf8") ?? "";
  const targets = new Map<string, string>();
  for (const [tag] of rels.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = attribute(tag, "Id");
    const target = attribute(tag, "Target");
    if (id && target) targets.set(id, `ppt/${target.replace(/^\/?(ppt\/)?/, "")}`);
  }
  const ordered: string[] = [];
  for (const [tag] of presentation.matchAll(/<p:sldId\b[^>]*>/g)) {
    const name = targets.get(attribute(tag, "r:id") ?? "");
    if (name && files.has(name) && !ordered.includes(name)) ordered.push(name);
  }
  if (ordered.length > 0) return ordered;
  return [...files.keys()]
    .filter((name) => SLIDE.test(name))
    .sort((a, b) => Number(SLIDE.exec(a)?.[1]) - Number(SLIDE.exec(b)?.[1]));
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

/** Shapes and tables in document order; a title placeholder's text is the slide's title. */
function readSlide(xml: string): Slide {
  let title: string | undefined;
  const paragraphs: string[] = [];
  for (const [shape] of xml.matchAll(/<p:(sp|graphicFrame)\b[\s\S]*?<\/p:\1>/g)) {
    const texts = shapeParagraphs(shape);
    if (!title && /<p:ph\b[^>]*\btype="(?:title|ctrTitle)"/.test(shape)) {
      title = texts.join(" ") || undefined;
    } else {
      paragraphs.push(...texts);
    }
  }
  return { title, paragraphs };
}

function shapeParagraphs(shape: string): string[] {
  const paragraphs: string[] = [];
  for (const [, body] of shape.matchAll(/<a:p(?:\s[^>]*)?>([\s\S]*?)<\/a:p>/g)) {
    const text = [...(body ?? "").matchAll(/<a:t(?:\s[^>]*)?>([^<]*)<\/a:t>|<a:br\b[^>]*\/>/g)]
      .map(([tag, run]) =>
        run === undefined ? (tag.startsWith("<a:br") ? "\n" : "") : decodeXmlEntities(run),
      )
      .join("")
      .trim();
    if (text) paragraphs.push(text);
  }
  return paragraphs;
}

function slideHtml(slide: Slide, number: number): string {
  const title = slide.title ? `<h2>${escapeHtml(slide.title)}</h2>` : "";
  const body = slide.paragraphs.map(
    (text) => `<p>${escapeHtml(text).replaceAll("\n", "<br>")}</p>`,
  );
  return `<section data-slide="${number}">${title}${body.join("")}</section>`;
}
