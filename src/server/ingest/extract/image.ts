import { open } from "node:fs/promises";
import sharp, { type Metadata } from "sharp";
import { FILE_TYPE_INFO, type FileType } from "#shared/file-types.ts";
import { ExtractionError } from "./extraction-error.ts";
import { MAX_IMAGE_PIXELS, PREVIEW_MAX_HEIGHT, PREVIEW_MAX_WIDTH } from "./limits.ts";
import type { Extracted, ExtractionInput, ExtractionPreview } from "./types.ts";

/**
 * Images: dimensions and format from sharp, and a downscaled preview turned
 * upright by its EXIF orientation. limitInputPixels refuses pixel bombs
 * before anything is decoded. No OCR yet.
 */
export async function extractImage(input: ExtractionInput): Promise<Extracted> {
  const label = FILE_TYPE_INFO[input.fileType].label;
  // sharp guesses the format from the bytes: an SVG named .png would reach the SVG
  // rasterizer unsanitized. Only the declared format goes through.
  if (!(await hasSignature(input.filePath, input.fileType))) {
    throw new ExtractionError(`This file is not a ${label}, or it is damaged.`);
  }
  return describeImage(input.filePath, label);
}

const SIGNATURES: Partial<Record<FileType, (head: Buffer) => boolean>> = {
  png: (head) =>
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpg: (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
  gif: (head) => ["GIF87a", "GIF89a"].includes(head.toString("latin1", 0, 6)),
  webp: (head) =>
    head.toString("latin1", 0, 4) === "RIFF" && head.toString("latin1", 8, 12) === "WEBP",
};

async function hasSignature(filePath: string, fileType: FileType): Promise<boolean> {
  const check = SIGNATURES[fileType];
  if (!check) return false;
  const file = await open(filePath, "r");
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return bytesRead === head.length && check(head);
  } finally {
    await file.close();
  }
}

/** Shared with SVG: `source` is a path or bytes already made safe. */
export async function describeImage(source: string | Buffer, label: string): Promise<Extracted> {
  let metadata: Metadata;
  try {
    // Reads the header only; the pixel limit is checked below with a clearer message.
    metadata = await sharp(source, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new ExtractionError(`This ${label} is damaged or in a format that cannot be read.`, {
      cause: error,
    });
  }
  const { width = 0, height = 0 } = metadata;
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new ExtractionError(
      `The file is too large to process (the ${label} is ${width} × ${height} pixels; the limit is ${MAX_IMAGE_PIXELS / 1_000_000} megapixels).`,
    );
  }
  const rotated = (metadata.orientation ?? 1) >= 5;
  return {
    html: "",
    sections: [],
    metadata: {
      format: metadata.format,
      width: rotated ? height : width,
      height: rotated ? width : height,
      ...(metadata.hasAlpha ? { hasAlpha: true } : {}),
      ...(metadata.orientation && metadata.orientation !== 1
        ? { orientation: metadata.orientation }
        : {}),
      ...(metadata.pages && metadata.pages > 1 ? { frames: metadata.pages } : {}),
      ...(metadata.density ? { density: metadata.density } : {}),
      ...(metadata.space ? { colorSpace: metadata.space } : {}),
    },
    preview: await previewOf(source, label, metadata.hasAlpha === true),
    summary: null,
  };
}

async function previewOf(
  source: string | Buffer,
  label: string,
  hasAlpha: boolean,
): Promise<ExtractionPreview> {
  try {
    const pipeline = sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().resize({
      width: PREVIEW_MAX_WIDTH,
      height: PREVIEW_MAX_HEIGHT,
      fit: "inside",
      withoutEnlargement: true,
    });
    // Transparency needs PNG; everything else is smaller as JPEG.
    if (hasAlpha) {
      return { bytes: new Uint8Array(await pipeline.png().toBuffer()), contentType: "image/png" };
    }
    const bytes = await pipeline
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    return { bytes: new Uint8Array(bytes), contentType: "image/jpeg" };
  } catch (error) {
    throw new ExtractionError(`This ${label} is damaged and could not be read.`, { cause: error });
  }
}
