import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  encryptedPdf,
  type Fixture,
  forgedSizeDocx,
  HOSTILE_HTML,
  htmlFixture,
  malformedPdf,
  pdfFixture,
  pixelBombPng,
  txtFixture,
  writeFixture,
  writeSingleLineText,
  writeWideCsv,
  zipBombDocx,
} from "../../../../tests/support/fixtures.ts";
import { closeExtractionWorkers, ExtractionError, runExtraction } from "./index.ts";
import { CHUNK_TARGET_CHARS, MAX_HTML_CHARS, MAX_TEXT_CHARS } from "./limits.ts";

/**
 * runExtraction end to end: the worker thread, its limits, and hostile files.
 * Every hostile file must end in an ExtractionError with a readable message
 * (or sanitized output), and the process must carry on extracting afterwards.
 */

const LIMITS = { timeoutMs: 60_000, maxMemoryMb: 512 };
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "atrium-extract-"));
});

afterAll(async () => {
  await closeExtractionWorkers();
  await rm(dir, { recursive: true, force: true });
});

async function fileOf(fixture: Fixture) {
  const filePath = await writeFixture(dir, fixture);
  return { filePath, fileType: fixture.fileType, fileName: fixture.fileName };
}

function named(fileName: string, fileType: Fixture["fileType"], bytes: Uint8Array): Fixture {
  return { fileName, fileType, mimeType: "application/octet-stream", bytes };
}

async function extractionError(promise: Promise<unknown>): Promise<ExtractionError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

// Worker threads and real files: generous bounds for a loaded CI machine.
describe("runExtraction", { timeout: 60_000 }, () => {
  it("extracts a PDF in a worker thread: text by page, metadata and a page-1 preview", async () => {
    const result = await runExtraction(await fileOf(await pdfFixture({ pages: 3 })), LIMITS);
    expect(result.text).toContain("Page 2 covers topic 2 of the field report.");
    expect(result.metadata).toMatchObject({ format: "pdf", pages: 3, author: "Ada Lovelace" });
    expect(result.chunks.map((chunk) => chunk.location.page)).toEqual(
      expect.arrayContaining([1, 2, 3]),
    );
    expect(result.preview?.contentType).toBe("image/jpeg");
    const preview = await sharp(Buffer.from(result.preview!.bytes)).metadata();
    expect(preview.width).toBe(800);
    expect(preview.height).toBe(Math.round((792 * 800) / 612));
  });

  it("rejects a zip-bomb DOCX from its directory, before inflating it", async () => {
    const error = await extractionError(
      runExtraction(await fileOf(named("bomb.docx", "docx", zipBombDocx())), LIMITS),
    );
    expect(error.message).toBe(
      "This Word document unpacks to far more data than it holds (a possible zip bomb), so it was not processed.",
    );
  });

  it("catches a DOCX whose directory lies about its sizes while inflating", async () => {
    const error = await extractionError(
      runExtraction(await fileOf(named("forged.docx", "docx", forgedSizeDocx())), LIMITS),
    );
    expect(error.message).toBe("This Word document is damaged or password-protected.");
    expect(error.detail).toMatch(/too many bytes/);
  });

  it("fails a malformed PDF with a message a user can read", async () => {
    const error = await extractionError(
      runExtraction(await fileOf(named("broken.pdf", "pdf", malformedPdf())), LIMITS),
    );
    expect(error.message).toBe("This PDF is damaged or password-protected.");
  });

  it("fails a password-protected PDF with a message a user can read", async () => {
    const error = await extractionError(
      runExtraction(await fileOf(named("locked.pdf", "pdf", encryptedPdf())), LIMITS),
    );
    expect(error.message).toBe("This PDF is damaged or password-protected.");
    expect(error.detail).toMatch(/password/i);
  });

  it("refuses a pixel-bomb PNG without decoding it", async () => {
    const error = await extractionError(
      runExtraction(await fileOf(named("bomb.png", "png", pixelBombPng())), LIMITS),
    );
    expect(error.message).toMatch(/^The file is too large to process \(/);
  });

  it("processes a 50 MB single line within bounds: capped text, chunks and HTML", async () => {
    const filePath = path.join(dir, "one-line.txt");
    await writeSingleLineText(filePath);
    const result = await runExtraction(
      { filePath, fileType: "txt", fileName: "one-line.txt" },
      LIMITS,
    );
    expect(result.text.length).toBe(MAX_TEXT_CHARS);
    expect(result.metadata.textTruncated).toBe(true);
    expect(result.chunks.length).toBe(Math.ceil(MAX_TEXT_CHARS / CHUNK_TARGET_CHARS));
    expect(Math.max(...result.chunks.map((chunk) => chunk.content.length))).toBeLessThanOrEqual(
      CHUNK_TARGET_CHARS,
    );
    expect(result.html.length).toBeLessThanOrEqual(MAX_HTML_CHARS);
    expect(result.html).toMatch(
      /<p><em>The rest of this document is too long to show here\. Download the file to read all of it\.<\/em><\/p>$/,
    );
    expect(result.metadata.htmlTruncated).toBe(true);
    expect(result.summary?.length).toBeLessThanOrEqual(600);
  });

  it("sanitizes hostile HTML in the worker", async () => {
    const result = await runExtraction(await fileOf(htmlFixture(HOSTILE_HTML)), LIMITS);
    expect(result.text).toContain("Revenue grew in every region this quarter.");
    expect(result.html).not.toMatch(
      /<script|<iframe|<form|<object|<embed|<svg|onerror|onload|javascript:|evil\.example/i,
    );
  });

  it("ends a job that runs past its deadline, then carries on", async () => {
    const slow = await fileOf(await pdfFixture({ pages: 60 }));
    const error = await extractionError(runExtraction(slow, { timeoutMs: 10, maxMemoryMb: 512 }));
    expect(error.message).toBe("Processing took too long (more than 10 ms).");
    const next = await runExtraction(await fileOf(txtFixture()), LIMITS);
    expect(next.text).toContain("High water is at six in the morning.");
  });

  it("ends a job that needs more memory than allowed, then carries on", async () => {
    const filePath = path.join(dir, "wide.csv");
    await writeWideCsv(filePath);
    const error = await extractionError(
      runExtraction(
        { filePath, fileType: "csv", fileName: "wide.csv" },
        { timeoutMs: 60_000, maxMemoryMb: 16 },
      ),
    );
    expect(error.message).toBe("The file needs more memory to process than allowed (16 MB).");
    const next = await runExtraction(await fileOf(txtFixture()), LIMITS);
    expect(next.summary).toContain("The tide tables for March are attached.");
  });

  it("runs several jobs at once", async () => {
    const inputs = await Promise.all([
      fileOf(txtFixture()),
      fileOf(htmlFixture(HOSTILE_HTML)),
      fileOf(await pdfFixture({ pages: 2 })),
    ]);
    const results = await Promise.all(inputs.map((input) => runExtraction(input, LIMITS)));
    expect(results.map((result) => result.metadata.format)).toEqual(["txt", "html", "pdf"]);
  });

  it("refuses nonsense limits", async () => {
    await expect(
      runExtraction(await fileOf(txtFixture()), { timeoutMs: 0, maxMemoryMb: 512 }),
    ).rejects.toThrow(RangeError);
  });
});
