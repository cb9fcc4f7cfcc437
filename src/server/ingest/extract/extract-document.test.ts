import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILE_TYPES } from "#shared/file-types.ts";
import {
  csvFixture,
  DOCX_TEXT,
  deeplyNestedHtml,
  docxFixture,
  type Fixture,
  fixturesOfEveryType,
  gifFixture,
  HOSTILE_SVG,
  htmlFixture,
  jpegFixture,
  MARKDOWN_TEXT,
  markdownFixture,
  PPTX_SLIDES,
  pdfFixture,
  pngFixture,
  pptxFixture,
  svgFixture,
  TXT_TEXT,
  txtFixture,
  webpFixture,
  writeFixture,
  xlsxFixture,
} from "../../../../tests/support/fixtures.ts";
import { extractDocument } from "./extract-document.ts";
import { ExtractionError } from "./extraction-error.ts";
import type { ExtractionResult } from "./types.ts";

/**
 * Every accepted type, extracted in this thread from generated fixtures: the
 * text, HTML, chunks, metadata and preview a user would see.
 */

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "atrium-extract-types-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function extract(fixture: Fixture): Promise<ExtractionResult> {
  const filePath = await writeFixture(dir, fixture);
  return extractDocument({ filePath, fileType: fixture.fileType, fileName: fixture.fileName });
}

async function previewSize(result: ExtractionResult) {
  expect(result.preview).not.toBeNull();
  const { width, height, format } = await sharp(Buffer.from(result.preview!.bytes)).metadata();
  expect(result.preview!.contentType).toBe(format === "png" ? "image/png" : "image/jpeg");
  return { width, height };
}

describe("extractDocument", { timeout: 60_000 }, () => {
  it("PDF: text and chunks per page, document info, page 1 rendered", async () => {
    const result = await extract(await pdfFixture({ pages: 3 }));
    expect(result.text).toContain("Page 1 covers topic 1 of the field report.");
    expect(result.text).toContain("Page 3 covers topic 3 of the field report.");
    expect(result.html).toMatch(/^<section data-page="1"><p>Page 1 covers topic 1/);
    expect(result.html.match(/<section data-page=/g)).toHaveLength(3);
    expect(result.metadata).toMatchObject({
      format: "pdf",
      pages: 3,
      title: "Atrium Field Report",
      author: "Ada Lovelace",
      createdAt: "2024-03-01T09:30:00.000Z",
    });
    expect(result.metadata.wordCount).toBeGreaterThan(900);
    const pageTwo = result.chunks.filter((chunk) => chunk.location.page === 2);
    expect(pageTwo[0]?.content).toMatch(/^Page 2 covers topic 2/);
    expect(pageTwo.every((chunk) => !chunk.content.includes("page 3"))).toBe(true);
    expect(result.summary).toContain("Page 1 covers topic 1 of the field report.");
    expect(await previewSize(result)).toEqual({ width: 800, height: 1035 });
  });

  it("DOCX: headings, lists and tables as HTML, properties from the package", async () => {
    const result = await extract(await docxFixture());
    expect(result.html).toContain(`<h1>${DOCX_TEXT.heading}</h1>`);
    expect(result.html).toContain(
      "<ul><li>Inspect the breakwater</li><li>Replace the harbour lights</li></ul>",
    );
    expect(result.html).toContain("<table>");
    expect(result.text).toContain(DOCX_TEXT.paragraph);
    expect(result.text).toContain("Task\tOwner\nDredging\tMarta");
    expect(result.metadata).toMatchObject({
      format: "docx",
      title: DOCX_TEXT.title,
      author: "Grace Hopper",
      pages: 2,
    });
    expect(result.summary).toContain(DOCX_TEXT.paragraph);
    expect(await previewSize(result)).toEqual({ width: 800, height: 1036 });
  });

  it("PPTX: slides in presentation order (not file order), a section and chunk per slide", async () => {
    const result = await extract(await pptxFixture());
    const titles = [...result.html.matchAll(/<h2>([^<]+)<\/h2>/g)].map((match) => match[1]);
    expect(titles).toEqual(PPTX_SLIDES.map((slide) => slide.title));
    expect(result.html).toContain(
      '<section data-slide="2"><h2>Next Steps</h2><p>Open the southern office</p>',
    );
    expect(result.chunks.map((chunk) => chunk.location)).toEqual([
      { slide: 1 },
      { slide: 2 },
      { slide: 3 },
    ]);
    expect(result.chunks[1]?.content).toBe(
      "Next Steps\nOpen the southern office\nHire two engineers",
    );
    expect(result.metadata).toMatchObject({ format: "pptx", slides: 3, author: "Alan Turing" });
    expect(await previewSize(result)).toEqual({ width: 800, height: 450 });
  });

  it("XLSX: a table per sheet with formula results and dates, chunks by sheet", async () => {
    const result = await extract(await xlsxFixture());
    expect(result.html).toContain('<section data-sheet="Sales"><h2>Sales</h2>');
    expect(result.html).toContain("<tr><td>North</td><td>1200.5</td><td>2024-01-31</td></tr>");
    expect(result.html).toContain("<td>Total</td><td>2000.5</td>");
    expect(result.chunks.map((chunk) => chunk.location)).toEqual([
      { sheet: "Sales" },
      { sheet: "Notes" },
    ]);
    expect(result.metadata).toMatchObject({
      format: "xlsx",
      sheetCount: 2,
      sheets: [
        { name: "Sales", rows: 4, columns: 3 },
        { name: "Notes", rows: 1, columns: 1 },
      ],
      author: "Katherine Johnson",
    });
    expect(result.summary).toBe(
      "A workbook of 2 sheets: Sales (4 rows × 3 columns), Notes (1 row × 1 column).",
    );
    expect(await previewSize(result)).toEqual({ width: 800, height: 520 });
  });

  it("CSV: BOM, quotes and CRLF handled; a table with the first row as header", async () => {
    const result = await extract(csvFixture());
    expect(result.html).toContain(
      "<thead><tr><th>Name</th><th>City</th><th>Note</th></tr></thead>",
    );
    expect(result.html).toContain('<td>Lovelace, Ada</td><td>London</td><td>Said "hello"</td>');
    expect(result.text.split("\n")).toEqual([
      "Name\tCity\tNote",
      'Lovelace, Ada\tLondon\tSaid "hello"',
      "Hopper\tNew York\tTwo lines",
      "Turing\tManchester\tPlain",
    ]);
    expect(result.metadata).toMatchObject({ format: "csv", rows: 4, columns: 3, delimiter: "," });
    expect(result.summary).toBe("A table of 4 rows and 3 columns: Name, City, Note.");
    expect(await previewSize(result)).toEqual({ width: 800, height: 520 });
  });

  it("TXT: escaped paragraphs and the text as is", async () => {
    const result = await extract(txtFixture());
    expect(result.text).toBe(TXT_TEXT);
    expect(result.html).toBe(
      TXT_TEXT.split("\n\n")
        .map((paragraph) => `<p>${paragraph}</p>`)
        .join("\n"),
    );
    expect(result.metadata).toMatchObject({ format: "txt", lines: 3, wordCount: 33 });
    expect(result.chunks).toEqual([{ content: TXT_TEXT, location: {} }]);
    expect(await previewSize(result)).toEqual({ width: 800, height: 1036 });
  });

  it("TXT: markup in a text file is shown, not run", async () => {
    const result = await extract({
      fileName: "notes.txt",
      fileType: "txt",
      mimeType: "text/plain",
      bytes: new TextEncoder().encode('<script>alert("x")</script> & <b>bold</b>'),
    });
    expect(result.html).toBe(
      '<p>&lt;script&gt;alert("x")&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;</p>',
    );
    expect(result.text).toBe('<script>alert("x")</script> & <b>bold</b>');
  });

  it("TXT: invalid UTF-8 fails with a message naming the problem", async () => {
    const filePath = path.join(dir, "latin1.txt");
    await writeFile(filePath, Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    const failure = extractDocument({ filePath, fileType: "txt", fileName: "latin1.txt" });
    await expect(failure).rejects.toBeInstanceOf(ExtractionError);
    await expect(failure).rejects.toThrow(
      "This text file is not valid UTF-8 text. Save it as UTF-8 and upload it again.",
    );
  });

  it("Markdown: rendered GFM (tables, code), raw HTML and javascript: links removed", async () => {
    const result = await extract(markdownFixture());
    expect(result.html).toContain("<h1>Release Notes</h1>");
    expect(result.html).toContain("<strong>faster search</strong>");
    expect(result.html).toContain("<th>Feature</th>");
    expect(result.html).toContain('<pre><code class="language-ts">const answer = 42;');
    expect(result.html).toContain(
      '<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">A safe link</a>',
    );
    expect(result.html).not.toMatch(/<script|onerror|javascript:|evil\.example|<img/);
    expect(result.text).toContain("Version 2 brings faster search and a new document viewer.");
    expect(result.metadata).toMatchObject({ format: "md", title: "Release Notes" });
    expect(MARKDOWN_TEXT).toContain("<script>");
  });

  it("SVG: rasterized to PNG, script and outside references gone, title and text kept", async () => {
    const result = await extract(svgFixture(HOSTILE_SVG));
    expect(result.html).toBe("");
    expect(result.text).toBe("Sales chart\nQ3 sales");
    expect(result.metadata).toMatchObject({
      format: "svg",
      width: 240,
      height: 120,
      title: "Sales chart",
    });
    expect(result.preview?.contentType).toBe("image/png");
    expect(await previewSize(result)).toEqual({ width: 240, height: 120 });
  });

  it("PNG: dimensions and alpha; the preview keeps transparency", async () => {
    const result = await extract(await pngFixture());
    expect(result.metadata).toMatchObject({
      format: "png",
      width: 320,
      height: 200,
      hasAlpha: true,
    });
    expect(result.text).toBe("");
    expect(result.chunks).toEqual([]);
    expect(result.summary).toBeNull();
    expect(result.preview?.contentType).toBe("image/png");
    expect(await previewSize(result)).toEqual({ width: 320, height: 200 });
  });

  it("JPEG: EXIF orientation applied; the preview is upright and at most 800 wide", async () => {
    const result = await extract(await jpegFixture());
    expect(result.metadata).toMatchObject({
      format: "jpeg",
      width: 1200,
      height: 1600,
      orientation: 6,
    });
    expect(result.preview?.contentType).toBe("image/jpeg");
    expect(await previewSize(result)).toEqual({ width: 800, height: 1067 });
  });

  it("GIF and WebP: read and previewed", async () => {
    const gif = await extract(await gifFixture());
    expect(gif.metadata).toMatchObject({ format: "gif", width: 64, height: 48 });
    expect(await previewSize(gif)).toEqual({ width: 64, height: 48 });
    const webp = await extract(await webpFixture());
    expect(webp.metadata).toMatchObject({ format: "webp", width: 900, height: 300 });
    expect(await previewSize(webp)).toEqual({ width: 800, height: 267 });
  });

  it("refuses an SVG named .png (it would reach the rasterizer unsanitized)", async () => {
    const disguised = svgFixture(HOSTILE_SVG);
    await expect(extract({ ...disguised, fileName: "chart.png", fileType: "png" })).rejects.toThrow(
      "This file is not a PNG image, or it is damaged.",
    );
  });

  it("refuses an SVG that would rasterize to billions of pixels", async () => {
    const huge =
      '<svg xmlns="http://www.w3.org/2000/svg" width="200000" height="200000"><rect width="10" height="10"/></svg>';
    await expect(extract(svgFixture(huge))).rejects.toThrow(
      "The file is too large to process (the SVG image is 200000 × 200000 pixels; the limit is 100 megapixels).",
    );
  });

  it("XLSX: a sheet that claims a million rows costs only its real rows", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Sparse");
    sheet.addRow(["Header"]);
    sheet.addRow(["near"]);
    sheet.getRow(1_000_000).getCell(3).value = "far away";
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const result = await extract({
      fileName: "sparse.xlsx",
      fileType: "xlsx",
      mimeType: "",
      bytes,
    });
    expect(result.metadata.sheets).toEqual([{ name: "Sparse", rows: 1_000_000, columns: 3 }]);
    expect(result.text).toBe("Header\nnear");
    expect(result.html).toContain("<p><em>Showing the first 2 of 1000000 rows.</em></p></section>");
  });

  it("refuses HTML nested too deeply before parsing it, and keeps ordinary nesting", async () => {
    await expect(extract(htmlFixture(deeplyNestedHtml()))).rejects.toThrow(
      "This document nests its content too deeply to process (more than 5000 levels).",
    );
    const nested = await extract(htmlFixture(deeplyNestedHtml(300)));
    expect(nested.text).toBe("deep");
  });

  it("refuses an empty file and a missing one", async () => {
    const filePath = path.join(dir, "empty.pdf");
    await writeFile(filePath, "");
    await expect(
      extractDocument({ filePath, fileType: "pdf", fileName: "empty.pdf" }),
    ).rejects.toThrow("The file is empty.");
    await expect(
      extractDocument({
        filePath: path.join(dir, "nope.pdf"),
        fileType: "pdf",
        fileName: "nope.pdf",
      }),
    ).rejects.toThrow("The file to process is missing.");
  });

  it("fails a file that is not what its type says with a readable message", async () => {
    const filePath = path.join(dir, "fake.xlsx");
    await writeFile(filePath, "just text, not a zip");
    await expect(
      extractDocument({ filePath, fileType: "xlsx", fileName: "fake.xlsx" }),
    ).rejects.toThrow("This Excel file is damaged or password-protected.");
  });
});

describe("fixturesOfEveryType", { timeout: 60_000 }, () => {
  it("covers every accepted type, and each extracts with a preview", async () => {
    const fixtures = await fixturesOfEveryType();
    expect(fixtures.map((fixture) => fixture.fileType)).toEqual([...FILE_TYPES]);
    for (const fixture of fixtures) {
      const result = await extract(fixture);
      expect(result.preview, fixture.fileName).not.toBeNull();
      expect(result.metadata.format, fixture.fileName).toBeTruthy();
    }
  });
});
