import mammoth from "mammoth";
import { ExtractionError } from "./extraction-error.ts";
import { MAX_INLINE_IMAGE_BYTES, MAX_INLINE_IMAGES_TOTAL_BYTES } from "./limits.ts";
import {
  APP_PROPERTIES,
  appCount,
  CORE_PROPERTIES,
  readOfficeProperties,
} from "./office-properties.ts";
import { renderPagePreview } from "./preview-canvas.ts";
import { previewParagraphs } from "./preview-text.ts";
import type { Extracted, ExtractionInput } from "./types.ts";
import { guardZip } from "./zip-guard.ts";

const LABEL = "Word document";
const INLINE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/** DOCX: zip-guarded, then mammoth's clean HTML (headings, lists, tables; small images inline). */
export async function extractDocx(input: ExtractionInput): Promise<Extracted> {
  const zip = await guardZip(
    input.filePath,
    LABEL,
    (name) => name === CORE_PROPERTIES || name === APP_PROPERTIES,
  );
  if (!zip.names.includes("word/document.xml")) {
    throw new ExtractionError(`This ${LABEL} is damaged: it has no document body.`);
  }
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { path: input.filePath },
      { convertImage: inlineSmallImages(), externalFileAccess: false },
    );
    html = result.value;
  } catch (error) {
    throw new ExtractionError(`This ${LABEL} is damaged and could not be read.`, { cause: error });
  }
  const properties = readOfficeProperties(zip.files);
  const pages = appCount(zip.files, "Pages");
  const title = typeof properties.title === "string" ? properties.title : undefined;

  return {
    html,
    metadata: { ...properties, ...(pages ? { pages } : {}) },
    preview: await renderPagePreview({ title, paragraphs: previewParagraphs(html) }),
  };
}

/** Raster images up to a size budget become data: URIs; the rest are left out of the HTML. */
function inlineSmallImages() {
  let total = 0;
  return mammoth.images.imgElement(async (image) => {
    if (!INLINE_TYPES.has(image.contentType)) return { src: "" };
    const bytes = await image.readAsBuffer();
    if (
      bytes.length > MAX_INLINE_IMAGE_BYTES ||
      total + bytes.length > MAX_INLINE_IMAGES_TOTAL_BYTES
    ) {
      return { src: "" };
    }
    total += bytes.length;
    return { src: `data:${image.contentType};base64,${bytes.toString("base64")}` };
  });
}
