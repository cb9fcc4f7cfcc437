import { stat } from "node:fs/promises";
import type { FileType } from "#shared/file-types.ts";
import { ExtractionError, formatMegabytes } from "./extraction-error.ts";
import { finishExtraction } from "./finish-extraction.ts";
import { MAX_INPUT_BYTES } from "./limits.ts";
import type { Extracted, ExtractionInput, ExtractionResult } from "./types.ts";

/**
 * Extract one file in this thread. Production code calls runExtraction, which
 * runs this in a worker with time and memory bounds; tests and the benchmark
 * may call it directly. Extractors load lazily so a worker pays only for the
 * libraries its file type needs.
 */

type Extractor = (input: ExtractionInput) => Promise<Extracted>;

const EXTRACTORS: Readonly<Record<FileType, () => Promise<Extractor>>> = {
  pdf: async () => (await import("./pdf.ts")).extractPdf,
  docx: async () => (await import("./docx.ts")).extractDocx,
  xlsx: async () => (await import("./xlsx.ts")).extractXlsx,
  csv: async () => (await import("./csv.ts")).extractCsv,
  pptx: async () => (await import("./pptx.ts")).extractPptx,
  txt: async () => (await import("./plain-text.ts")).extractPlainText,
  md: async () => (await import("./markdown.ts")).extractMarkdown,
  html: async () => (await import("./html-document.ts")).extractHtmlDocument,
  png: async () => (await import("./image.ts")).extractImage,
  jpg: async () => (await import("./image.ts")).extractImage,
  gif: async () => (await import("./image.ts")).extractImage,
  webp: async () => (await import("./image.ts")).extractImage,
  svg: async () => (await import("./svg.ts")).extractSvg,
};

export async function extractDocument(input: ExtractionInput): Promise<ExtractionResult> {
  const load = EXTRACTORS[input.fileType];
  if (!load) throw new ExtractionError("Files of this type cannot be processed.");
  const { size } = await stat(input.filePath).catch((error: unknown) => {
    throw new ExtractionError("The file to process is missing.", { cause: error });
  });
  if (size > MAX_INPUT_BYTES) {
    throw new ExtractionError(
      `The file is too large to process (${formatMegabytes(size)}; the limit is ${formatMegabytes(MAX_INPUT_BYTES)}).`,
    );
  }
  if (size === 0) throw new ExtractionError("The file is empty.");
  const extract = await load();
  const result = finishExtraction(await extract(input));
  return { ...result, metadata: { format: input.fileType, ...result.metadata } };
}
