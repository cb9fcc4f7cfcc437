import { readFile } from "node:fs/promises";
import { getDocumentProxy } from "unpdf";
import { ExtractionError } from "./extraction-error.ts";
import { MAX_IMAGE_PIXELS, MAX_TEXT_CHARS } from "./limits.ts";
import { renderFirstPage } from "./pdf-render.ts";
import { renderPagePreview } from "./preview-canvas.ts";
import { normalizeText, textToHtmlParagraphs } from "./text-utils.ts";
import type { Extracted, ExtractionInput, ExtractionPreview, TextSection } from "./types.ts";

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

const DAMAGED = "This PDF is damaged or password-protected.";

/**
 * PDF via unpdf (pdf.js): the text of each page, the document info, and page 1
 * rendered as the preview. pdf.js loads no fonts from the system and skips
 * images above MAX_IMAGE_PIXELS.
 */
export async function extractPdf(input: ExtractionInput): Promise<Extracted> {
  const data = new Uint8Array(await readFile(input.filePath));
  let pdf: PdfDocument;
  try {
    pdf = await getDocumentProxy(data, {
      maxImageSize: MAX_IMAGE_PIXELS,
      useSystemFonts: false,
      disableFontFace: true,
      useWorkerFetch: false,
      verbosity: 0,
    });
  } catch (error) {
    throw new ExtractionError(DAMAGED, { cause: error });
  }
  try {
    const { sections, truncated, unreadablePages } = await readPages(pdf);
    const html = sections
      .map(
        ({ text, location }) =>
          `<section data-page="${location.page}">${textToHtmlParagraphs(text)}</section>`,
      )
      .join("\n");
    return {
      html,
      sections,
      metadata: {
        pages: pdf.numPages,
        ...(await documentInfo(pdf)),
        ...(unreadablePages > 0 ? { unreadablePages } : {}),
      },
      preview: await firstPagePreview(pdf, sections[0]?.text ?? ""),
      truncated,
    };
  } finally {
    await pdf.loadingTask.destroy();
  }
}

async function readPages(pdf: PdfDocument) {
  const sections: TextSection[] = [];
  let total = 0;
  let unreadablePages = 0;
  for (let number = 1; number <= pdf.numPages; number += 1) {
    if (total > MAX_TEXT_CHARS) return { sections, truncated: true, unreadablePages };
    let text: string;
    try {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      text = content.items
        .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : ""))
        .join("");
      page.cleanup();
    } catch (error) {
      if (number === 1) throw new ExtractionError(DAMAGED, { cause: error });
      unreadablePages += 1;
      continue;
    }
    const clean = normalizeText(text);
    total += clean.length;
    sections.push({ text: clean, location: { page: number } });
  }
  return { sections, truncated: false, unreadablePages };
}

async function documentInfo(pdf: PdfDocument): Promise<Record<string, unknown>> {
  const info: Record<string, unknown> = {};
  try {
    const meta = await pdf.getMetadata();
    const raw = new Map<string, unknown>(Object.entries(meta.info ?? {}));
    const text = (key: string) => {
      const value = raw.get(key);
      return typeof value === "string" && value.trim()
        ? normalizeText(value).slice(0, 1000)
        : undefined;
    };
    for (const [from, to] of [
      ["Title", "title"],
      ["Author", "author"],
      ["Subject", "subject"],
      ["Keywords", "keywords"],
      ["Creator", "creator"],
      ["Producer", "producer"],
      ["PDFFormatVersion", "pdfVersion"],
    ] as const) {
      const value = text(from);
      if (value) info[to] = value;
    }
    const created = pdfDate(raw.get("CreationDate"));
    const modified = pdfDate(raw.get("ModDate"));
    if (created) info.createdAt = created;
    if (modified) info.modifiedAt = modified;
  } catch {
    // The info dictionary is optional; a broken one is no reason to fail the document.
  }
  return info;
}

/** "D:20240131093000+01'00'" -> ISO 8601, or undefined. */
export function pdfDate(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz]|[+-]\d{2}'?\d{2}'?)?/.exec(
    value.trim(),
  );
  if (!match) return undefined;
  const [, year, month = "01", day = "01", hour = "00", minute = "00", second = "00", zone] = match;
  const offset =
    !zone || /z/i.test(zone) ? "Z" : `${zone.slice(0, 3)}:${zone.replace(/'/g, "").slice(3, 5)}`;
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Page 1 as an image; when it cannot be drawn, its text on a plain page. */
async function firstPagePreview(
  pdf: PdfDocument,
  firstPageText: string,
): Promise<ExtractionPreview> {
  try {
    return await renderFirstPage(pdf);
  } catch {
    return renderPagePreview({ paragraphs: firstPageText.split(/\n{2,}/) });
  }
}
