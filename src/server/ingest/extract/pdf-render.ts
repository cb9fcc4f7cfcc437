import type { Canvas } from "@napi-rs/canvas";
import sharp from "sharp";
import { createIsomorphicCanvasFactory, type getDocumentProxy } from "unpdf";
import { ensurePreviewFonts } from "./canvas-text.ts";
import { PREVIEW_MAX_HEIGHT, PREVIEW_MAX_WIDTH } from "./limits.ts";
import type { ExtractionPreview } from "./types.ts";

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/**
 * Page 1 of a PDF drawn by pdf.js on @napi-rs/canvas, fitted in the preview
 * box and encoded as JPEG by sharp: a page of anti-aliased text is ~200 KB
 * as PNG and takes longer to encode than to draw.
 */
export async function renderFirstPage(pdf: PdfDocument): Promise<ExtractionPreview> {
  ensurePreviewFonts();
  // Also hands pdf.js the canvas module for the canvases it makes itself (patterns, masks).
  const Factory = await createIsomorphicCanvasFactory(() => import("@napi-rs/canvas"));
  const page = await pdf.getPage(1);
  const base = page.getViewport({ scale: 1 });
  const scale = Math.min(PREVIEW_MAX_WIDTH / base.width, PREVIEW_MAX_HEIGHT / base.height);
  const viewport = page.getViewport({ scale });
  const factory = new Factory();
  const surface = factory.create(
    Math.max(1, Math.round(viewport.width)),
    Math.max(1, Math.round(viewport.height)),
  );
  try {
    const canvas = surface.canvas;
    if (!isNodeCanvas(canvas)) throw new Error("expected a @napi-rs/canvas canvas");
    // @napi-rs/canvas implements the DOM canvas API pdf.js draws on; pdf.js's types name the DOM class.
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      viewport,
      background: "#ffffff",
    }).promise;
    const bytes = await sharp(canvas.data(), {
      raw: { width: canvas.width, height: canvas.height, channels: 4 },
    })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 82 })
      .toBuffer();
    return { bytes: new Uint8Array(bytes), contentType: "image/jpeg" };
  } finally {
    factory.destroy(surface);
    page.cleanup();
  }
}

function isNodeCanvas(canvas: unknown): canvas is Canvas {
  return typeof canvas === "object" && canvas !== null && "data" in canvas && "encode" in canvas;
}
