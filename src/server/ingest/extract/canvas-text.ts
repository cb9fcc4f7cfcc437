import { createRequire } from "node:module";
import { type Canvas, GlobalFonts, type SKRSContext2D } from "@napi-rs/canvas";
import sharp from "sharp";
import { cutText } from "./text-utils.ts";
import type { ExtractionPreview } from "./types.ts";

/**
 * Drawing text on @napi-rs/canvas for the previews: the font, word wrap and
 * the PNG encoding they share.
 */

export const FONT = "Inter";
export const INK = "#1f2328";
export const MUTED = "#57606a";
export const RULE = "#d0d7de";

let fontsReady = false;

/** Register Inter once per thread, also as the generic sans-serif (pdf.js asks for it for Helvetica). */
export function ensurePreviewFonts(): void {
  if (fontsReady) return;
  fontsReady = true;
  if (GlobalFonts.has(FONT)) return;
  const require = createRequire(import.meta.url);
  try {
    const file = require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2");
    if (GlobalFonts.registerFromPath(file, FONT)) GlobalFonts.setAlias(FONT, "sans-serif");
  } catch {
    // Without the font, previews fall back to the system's fonts: still readable.
  }
}

/**
 * Drawn previews are flat: a 32-colour palette PNG keeps them sharp at a few
 * KB (a plain PNG of anti-aliased text is ~200 KB) and encodes faster.
 */
export async function encodePng(canvas: Canvas): Promise<ExtractionPreview> {
  const bytes = await sharp(canvas.data(), {
    raw: { width: canvas.width, height: canvas.height, channels: 4 },
  })
    .png({ palette: true, colours: 32, effort: 1, dither: 0 })
    .toBuffer();
  return { bytes: new Uint8Array(bytes), contentType: "image/png" };
}

/** Greedy word wrap; a word wider than the line is broken between characters. */
export function wrapText(ctx: SKRSContext2D, text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (ctx.measureText(candidate).width <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (line.length > 1 && ctx.measureText(line).width > maxWidth) {
      const fit = longestFit(ctx, line, maxWidth);
      lines.push(line.slice(0, fit));
      line = line.slice(fit);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** How many leading characters of `text` fit in `maxWidth` (at least one), by bisection. */
function longestFit(ctx: SKRSContext2D, text: string, maxWidth: number): number {
  let low = 1;
  let high = text.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (ctx.measureText(text.slice(0, middle)).width <= maxWidth) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Draw lines top-down until `bottom`; returns where the next line would go. */
export function drawLines(
  ctx: SKRSContext2D,
  lines: string[],
  x: number,
  y: number,
  lineHeight: number,
  bottom: number,
): number {
  let top = y;
  for (const line of lines) {
    if (top + lineHeight > bottom) return top;
    ctx.fillText(line, x, top);
    top += lineHeight;
  }
  return top;
}

/** Keep the canvas work bounded: a thumbnail never needs more than this much text. */
export function firstParagraphs(paragraphs: readonly string[], maxChars = 4000): string[] {
  const out: string[] = [];
  let total = 0;
  for (const paragraph of paragraphs) {
    if (total >= maxChars) break;
    const text = cutText(paragraph, maxChars - total).trim();
    if (text) out.push(text);
    total += text.length;
  }
  return out;
}
