import { createCanvas } from "@napi-rs/canvas";
import {
  drawLines,
  encodePng,
  ensurePreviewFonts,
  FONT,
  firstParagraphs,
  INK,
  MUTED,
  RULE,
  wrapText,
} from "./canvas-text.ts";
import type { ExtractionPreview } from "./types.ts";

/**
 * Thumbnails drawn from text, so every document type gets a preview: a page
 * (DOCX, TXT, Markdown, HTML), a slide (PPTX) or a grid (XLSX, CSV). Drawn
 * with the app's own font (Inter) so they look the same on every machine.
 */

/** A document page: an optional title, then paragraphs. */
export async function renderPagePreview(content: {
  title?: string;
  paragraphs: readonly string[];
}): Promise<ExtractionPreview> {
  ensurePreviewFonts();
  const width = 800;
  const height = 1036;
  const margin = 72;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  ctx.textBaseline = "top";
  let y = margin;
  if (content.title?.trim()) {
    ctx.font = `bold 30px ${FONT}`;
    ctx.fillStyle = INK;
    y = drawLines(
      ctx,
      wrapText(ctx, content.title.trim(), width - 2 * margin).slice(0, 3),
      margin,
      y,
      38,
      height - margin,
    );
    y += 18;
  }
  ctx.font = `17px ${FONT}`;
  ctx.fillStyle = MUTED;
  for (const paragraph of firstParagraphs(content.paragraphs)) {
    if (y >= height - margin) break;
    const lines = paragraph.split("\n").flatMap((line) => wrapText(ctx, line, width - 2 * margin));
    y = drawLines(ctx, lines, margin, y, 25, height - margin);
    y += 12;
  }
  return encodePng(canvas);
}

/** A 16:9 slide: the title large, then the body text. */
export async function renderSlidePreview(content: {
  title?: string;
  paragraphs: readonly string[];
}): Promise<ExtractionPreview> {
  ensurePreviewFonts();
  const width = 800;
  const height = 450;
  const margin = 48;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = "#2f6feb";
  ctx.fillRect(0, 0, width, 8);
  ctx.textBaseline = "top";
  let y = margin;
  if (content.title?.trim()) {
    ctx.font = `bold 36px ${FONT}`;
    ctx.fillStyle = INK;
    y = drawLines(
      ctx,
      wrapText(ctx, content.title.trim(), width - 2 * margin).slice(0, 2),
      margin,
      y,
      44,
      height - margin,
    );
    y += 20;
  }
  ctx.font = `22px ${FONT}`;
  ctx.fillStyle = MUTED;
  for (const paragraph of firstParagraphs(content.paragraphs, 1500)) {
    if (y >= height - margin) break;
    const lines = wrapText(ctx, paragraph, width - 2 * margin - 24);
    if (lines.length > 0) ctx.fillText("•", margin, y);
    y = drawLines(ctx, lines, margin + 24, y, 30, height - margin);
    y += 8;
  }
  return encodePng(canvas);
}

/** The top-left corner of a sheet as a grid, its first row as the header. */
export async function renderTablePreview(content: {
  title?: string;
  rows: readonly (readonly string[])[];
}): Promise<ExtractionPreview> {
  ensurePreviewFonts();
  const width = 800;
  const height = 520;
  const rowHeight = 26;
  const top = content.title ? 44 : 0;
  const columns = Math.min(6, Math.max(1, ...content.rows.map((row) => row.length)));
  const columnWidth = width / columns;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  ctx.textBaseline = "middle";
  if (content.title) {
    ctx.fillStyle = INK;
    ctx.font = `bold 20px ${FONT}`;
    ctx.fillText(content.title.slice(0, 80), 12, top / 2);
  }
  const visibleRows = content.rows.slice(0, Math.floor((height - top) / rowHeight));
  visibleRows.forEach((row, r) => {
    const y = top + r * rowHeight;
    if (r === 0) {
      ctx.fillStyle = "#f0f3f6";
      ctx.fillRect(0, y, width, rowHeight);
    }
    ctx.font = r === 0 ? `bold 14px ${FONT}` : `14px ${FONT}`;
    ctx.fillStyle = r === 0 ? INK : MUTED;
    for (let c = 0; c < columns; c += 1) {
      const cell = (row[c] ?? "").replace(/\s+/g, " ").slice(0, 60);
      ctx.save();
      ctx.beginPath();
      ctx.rect(c * columnWidth + 6, y, columnWidth - 12, rowHeight);
      ctx.clip();
      ctx.fillText(cell, c * columnWidth + 8, y + rowHeight / 2);
      ctx.restore();
    }
  });
  ctx.strokeStyle = RULE;
  ctx.lineWidth = 1;
  const gridBottom = top + visibleRows.length * rowHeight;
  for (let r = 0; r <= visibleRows.length; r += 1) {
    ctx.beginPath();
    ctx.moveTo(0, top + r * rowHeight + 0.5);
    ctx.lineTo(width, top + r * rowHeight + 0.5);
    ctx.stroke();
  }
  for (let c = 1; c < columns; c += 1) {
    ctx.beginPath();
    ctx.moveTo(c * columnWidth + 0.5, top);
    ctx.lineTo(c * columnWidth + 0.5, gridBottom);
    ctx.stroke();
  }
  return encodePng(canvas);
}
