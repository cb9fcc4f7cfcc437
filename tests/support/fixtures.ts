import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { PDFDocument, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { FILE_TYPE_INFO, type FileType } from "#shared/file-types.ts";
import { docxParts, pptxParts } from "../fixtures/ooxml.ts";

/**
 * Small files of every type the dossier accepts, generated in code (nothing
 * binary is checked in), each with known content the tests can look for.
 * Hostile files (zip bomb, pixel bomb, malformed PDF, 50 MB line, scripted
 * HTML and SVG) come from tests/fixtures/hostile.ts, re-exported below.
 */

export {
  deeplyNestedHtml,
  encryptedPdf,
  forgedSizeDocx,
  HOSTILE_HTML,
  HOSTILE_SVG,
  malformedPdf,
  pixelBombPng,
  writeSingleLineText,
  writeWideCsv,
  zipBombDocx,
} from "../fixtures/hostile.ts";

export interface Fixture {
  fileName: string;
  fileType: FileType;
  mimeType: string;
  bytes: Uint8Array;
}

function fixture(fileName: string, fileType: FileType, bytes: Uint8Array | string): Fixture {
  return {
    fileName,
    fileType,
    mimeType: FILE_TYPE_INFO[fileType].mimeType,
    bytes: typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes,
  };
}

/** Write a fixture into `dir` under its file name; returns the path. */
export async function writeFixture(dir: string, file: Fixture): Promise<string> {
  await mkdir(dir, { recursive: true });
  const filePath = path.join(dir, file.fileName);
  await writeFile(filePath, file.bytes);
  return filePath;
}

async function zipOf(parts: Record<string, string>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(parts)) zip.file(name, content);
  return zip.generateAsync({ type: "uint8array", compression: "DEFLATE" });
}

/** Page n of the PDF says "Page n covers topic n" among other sentences. */
export async function pdfFixture(
  options: { pages?: number; title?: string } = {},
): Promise<Fixture> {
  const pages = options.pages ?? 3;
  const doc = await PDFDocument.create();
  doc.setTitle(options.title ?? "Atrium Field Report");
  doc.setAuthor("Ada Lovelace");
  doc.setCreationDate(new Date("2024-03-01T09:30:00Z"));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n += 1) {
    const page = doc.addPage([612, 792]);
    const lines = [
      `Page ${n} covers topic ${n} of the field report.`,
      "The lighthouse keepers recorded the weather every morning.",
      `Storm warnings were issued on ${n + 2} occasions during this period.`,
      "Supply boats arrived late when the harbour froze over.",
      ...Array.from(
        { length: 30 },
        (_, i) => `Observation ${i + 1} on page ${n}: visibility and wind were logged.`,
      ),
    ];
    lines.forEach((line, i) => {
      page.drawText(line, { x: 56, y: 730 - i * 20, size: 11, font });
    });
  }
  return fixture("field-report.pdf", "pdf", await doc.save());
}

export const DOCX_TEXT = {
  title: "Harbour Maintenance Plan",
  heading: "Harbour maintenance",
  paragraph: "The north pier needs new timber before the winter storms arrive.",
  bullets: ["Inspect the breakwater", "Replace the harbour lights"],
  table: [
    ["Task", "Owner"],
    ["Dredging", "Marta"],
  ],
};

export async function docxFixture(): Promise<Fixture> {
  const parts = docxParts({
    title: DOCX_TEXT.title,
    author: "Grace Hopper",
    pages: 2,
    blocks: [
      { heading: DOCX_TEXT.heading },
      { paragraph: DOCX_TEXT.paragraph },
      { paragraph: "Budget approval is expected from the harbour council next month." },
      { heading: "Schedule", level: 2 },
      { bullets: DOCX_TEXT.bullets },
      { table: DOCX_TEXT.table },
    ],
  });
  return fixture("maintenance-plan.docx", "docx", await zipOf(parts));
}

export const PPTX_SLIDES = [
  { title: "Quarterly Review", bullets: ["Revenue rose in every region", "Costs stayed flat"] },
  { title: "Next Steps", bullets: ["Open the southern office", "Hire two engineers"] },
  { title: "Questions", bullets: ["Ask anything about the plan"] },
];

export async function pptxFixture(): Promise<Fixture> {
  const parts = pptxParts({
    title: "Quarterly Review Deck",
    author: "Alan Turing",
    slides: PPTX_SLIDES,
  });
  return fixture("quarterly-review.pptx", "pptx", await zipOf(parts));
}

/** Two sheets: "Sales" (numbers, a date, a formula with its result) and "Notes". */
export async function xlsxFixture(): Promise<Fixture> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Katherine Johnson";
  workbook.title = "Regional Sales";
  const sales = workbook.addWorksheet("Sales");
  sales.addRow(["Region", "Revenue", "Closed on"]);
  sales.addRow(["North", 1200.5, new Date(Date.UTC(2024, 0, 31))]);
  sales.addRow(["South", 800, new Date(Date.UTC(2024, 1, 29))]);
  sales.addRow(["Total", { formula: "SUM(B2:B3)", result: 2000.5 }]);
  const notes = workbook.addWorksheet("Notes");
  notes.addRow(["Figures are unaudited and in thousands of euros."]);
  const bytes = await workbook.xlsx.writeBuffer();
  return fixture("regional-sales.xlsx", "xlsx", new Uint8Array(bytes));
}

/** A BOM, CRLF line ends, quoted cells with commas, quotes and a line break. */
export function csvFixture(): Fixture {
  const csv = [
    "Name,City,Note",
    '"Lovelace, Ada",London,"Said ""hello"""',
    'Hopper,"New York","Two\r\nlines"',
    "Turing,Manchester,Plain",
  ].join("\r\n");
  return fixture("people.csv", "csv", `\uFEFF${csv}\r\n`);
}

export const TXT_TEXT =
  "The tide tables for March are attached. High water is at six in the morning.\n\nBoats must leave the inner basin an hour before low water. The harbour master will confirm each departure.";

export function txtFixture(): Fixture {
  return fixture("tide-notes.txt", "txt", TXT_TEXT);
}

export const MARKDOWN_TEXT = `# Release Notes

Version 2 brings **faster search** and a new document viewer.

- Upload many files at once
- Watch processing live

| Feature | Status |
| ------- | ------ |
| Search  | Done   |

\`\`\`ts
const answer = 42;
\`\`\`

<script>alert("markdown")</script><img src="https://evil.example/x.png" onerror="alert(1)">
[A safe link](https://example.com) and [a bad one](javascript:alert(1)).
`;

export function markdownFixture(): Fixture {
  return fixture("release-notes.md", "md", MARKDOWN_TEXT);
}

export const SAMPLE_HTML = `<!doctype html><html><head><title>Visitor Guide</title></head><body>
<h1>Visitor guide</h1><p>The museum opens at nine and closes at five on weekdays.</p>
<ul><li>Guided tours start every hour.</li><li>Photography is allowed without flash.</li></ul>
<p>Read the <a href="https://example.com/map">museum map</a> before you visit.</p></body></html>`;

export const SAMPLE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">
<title>Growth chart</title><rect x="10" y="40" width="40" height="50" fill="#2f6feb"/>
<rect x="70" y="20" width="40" height="70" fill="#2f6feb"/><text x="130" y="60">Growth</text></svg>`;

export function htmlFixture(html = SAMPLE_HTML): Fixture {
  return fixture("page.html", "html", html);
}

export function svgFixture(svg = SAMPLE_SVG): Fixture {
  return fixture("chart.svg", "svg", svg);
}

/** A 320 × 200 PNG with transparency. */
export async function pngFixture(): Promise<Fixture> {
  const bytes = await sharp({
    create: {
      width: 320,
      height: 200,
      channels: 4,
      background: { r: 47, g: 111, b: 235, alpha: 0.5 },
    },
  })
    .png()
    .toBuffer();
  return fixture("logo.png", "png", bytes);
}

/** A 1600 × 1200 JPEG stored sideways: EXIF orientation 6 (shown as 1200 × 1600). */
export async function jpegFixture(): Promise<Fixture> {
  const bytes = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  return fixture("photo.jpg", "jpg", bytes);
}

export async function gifFixture(): Promise<Fixture> {
  const bytes = await sharp({
    create: { width: 64, height: 48, channels: 3, background: "#22aa66" },
  })
    .gif()
    .toBuffer();
  return fixture("badge.gif", "gif", bytes);
}

export async function webpFixture(): Promise<Fixture> {
  const bytes = await sharp({
    create: { width: 900, height: 300, channels: 3, background: "#334455" },
  })
    .webp()
    .toBuffer();
  return fixture("banner.webp", "webp", bytes);
}

/** One harmless file of every accepted type, in FILE_TYPES order. */
export async function fixturesOfEveryType(): Promise<Fixture[]> {
  return [
    await pdfFixture(),
    await docxFixture(),
    await xlsxFixture(),
    csvFixture(),
    await pptxFixture(),
    txtFixture(),
    markdownFixture(),
    htmlFixture(),
    await pngFixture(),
    await jpegFixture(),
    await gifFixture(),
    await webpFixture(),
    svgFixture(),
  ];
}
