import { escapeXml } from "./demo-office.ts";

/**
 * PDF, XLSX and image files for the demo dossier, generated in code so the
 * repository carries no binaries. pdf-lib is a dev dependency, loaded only
 * when the demo is seeded.
 */

export interface PdfSection {
  heading: string;
  paragraphs: string[];
}

const PAGE = { width: 595.28, height: 841.89, margin: 64 };

/** Greedy line breaking by measured width. */
function wrap(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) > width && line) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A text PDF of A4 pages (title, numbered sections, page numbers), with document metadata. */
export async function makePdf(options: {
  title: string;
  subtitle: string;
  sections: PdfSection[];
}): Promise<Buffer> {
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib");
  const pdf = await PDFDocument.create();
  pdf.setTitle(options.title);
  pdf.setAuthor("Northwind Legal (demo)");
  pdf.setCreator("Atrium demo seed");
  const regular = await pdf.embedFont(StandardFonts.TimesRoman);
  const bold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const textWidth = PAGE.width - 2 * PAGE.margin;

  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const ensure = (height: number) => {
    if (y - height < PAGE.margin + 20) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
  };
  const write = (text: string, font: typeof regular, size: number, gap: number) => {
    for (const line of wrap(text, textWidth, (s) => font.widthOfTextAtSize(s, size))) {
      ensure(size + 4);
      page.drawText(line, { x: PAGE.margin, y: y - size, size, font, color: rgb(0.1, 0.1, 0.12) });
      y -= size + 4;
    }
    y -= gap;
  };

  write(options.title, bold, 20, 4);
  write(options.subtitle, regular, 11, 18);
  options.sections.forEach((section, index) => {
    ensure(40);
    write(`${index + 1}. ${section.heading}`, bold, 13, 4);
    for (const paragraph of section.paragraphs) write(paragraph, regular, 11, 8);
    y -= 6;
  });

  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    const label = `Page ${i + 1} of ${pages.length}`;
    p.drawText(label, {
      x: PAGE.width - PAGE.margin - regular.widthOfTextAtSize(label, 9),
      y: PAGE.margin / 2,
      size: 9,
      font: regular,
      color: rgb(0.4, 0.4, 0.45),
    });
  });
  return Buffer.from(await pdf.save());
}

export interface SheetSpec {
  name: string;
  columns: Array<{ header: string; key: string; width: number; numFmt?: string }>;
  rows: Array<Record<string, string | number | Date>>;
  /** A totals row under the data: column key -> "sum". */
  totals?: Record<string, "sum">;
}

/** An Excel workbook with header styling, number formats, frozen header and SUM formulas. */
export async function makeXlsx(sheets: SheetSpec[]): Promise<Buffer> {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Northwind Legal (demo)";
  workbook.created = new Date("2024-11-04T09:00:00Z");
  for (const spec of sheets) {
    const sheet = workbook.addWorksheet(spec.name, { views: [{ state: "frozen", ySplit: 1 }] });
    sheet.columns = spec.columns.map((c) => ({
      header: c.header,
      key: c.key,
      width: c.width,
      style: c.numFmt ? { numFmt: c.numFmt } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    for (const row of spec.rows) sheet.addRow(row);
    if (spec.totals) {
      const first = 2;
      const last = spec.rows.length + 1;
      const totals: Record<string, unknown> = { [spec.columns[0]!.key]: "Total" };
      spec.columns.forEach((column, index) => {
        if (spec.totals?.[column.key] !== "sum") return;
        const letter = String.fromCharCode(65 + index);
        const result = spec.rows.reduce((sum, r) => sum + Number(r[column.key] ?? 0), 0);
        totals[column.key] = { formula: `SUM(${letter}${first}:${letter}${last})`, result };
      });
      sheet.addRow(totals).font = { bold: true };
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A scanned-looking signature page, drawn as SVG and rendered by sharp. */
export function signaturePageSvg(
  parties: Array<{ company: string; signatory: string; title: string }>,
) {
  const blocks = parties
    .map((party, i) => {
      const y = 250 + i * 330;
      const squiggle =
        i === 0
          ? "M120 0 C 150 -60, 190 40, 230 -20 S 300 30, 340 -30 S 420 10, 470 -10"
          : "M120 0 C 170 -50, 200 30, 250 -30 S 330 40, 380 -20 S 430 -10, 480 -25";
      return `<g transform="translate(0 ${y})">
  <text x="100" y="0" font-size="26" font-weight="bold">${escapeXml(party.company)}</text>
  <path d="${squiggle}" transform="translate(0 110)" fill="none" stroke="#1e3a8a" stroke-width="4" stroke-linecap="round"/>
  <line x1="100" y1="130" x2="700" y2="130" stroke="#222" stroke-width="2"/>
  <text x="100" y="165" font-size="22">Name: ${escapeXml(party.signatory)}</text>
  <text x="100" y="200" font-size="22">Title: ${escapeXml(party.title)}</text>
  <text x="100" y="235" font-size="22">Date: 12 March 2024</text>
</g>`;
    })
    .join("\n");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1240" height="1754" viewBox="0 0 1240 1754">
<rect width="1240" height="1754" fill="#fbfaf6"/>
<g font-family="DejaVu Serif, Times New Roman, serif" fill="#222">
<text x="100" y="140" font-size="34" font-weight="bold">SIGNATURE PAGE</text>
<text x="100" y="190" font-size="22">Master Services Agreement between Northwind Legal LLP and Fabrikam, Inc.</text>
${blocks}
</g></svg>`;
}

/** An organization chart as an SVG document (also kept as the demo's SVG file). */
export function orgChartSvg(): string {
  const box = (x: number, y: number, name: string, role: string) =>
    `<g><rect x="${x}" y="${y}" width="220" height="80" rx="10" fill="#eef2ff" stroke="#4f46e5" stroke-width="2"/>
<text x="${x + 110}" y="${y + 34}" text-anchor="middle" font-size="18" font-weight="bold">${escapeXml(name)}</text>
<text x="${x + 110}" y="${y + 60}" text-anchor="middle" font-size="14">${escapeXml(role)}</text></g>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="960" height="420" viewBox="0 0 960 420">
<title>Northwind Legal organization chart</title>
<rect width="960" height="420" fill="#ffffff"/>
<g font-family="DejaVu Sans, Arial, sans-serif" fill="#1f2937">
<path d="M480 110 V160 M150 160 H810 M150 160 V200 M480 160 V200 M810 160 V200" stroke="#6b7280" stroke-width="2" fill="none"/>
${box(370, 30, "Olivia Admin", "Managing Partner")}
${box(40, 200, "Corporate", "M&amp;A, contracts")}
${box(370, 200, "Litigation", "Disputes, arbitration")}
${box(700, 200, "Privacy", "GDPR, data transfers")}
<text x="480" y="360" text-anchor="middle" font-size="14" fill="#6b7280">As approved by the Board on 18 September 2024</text>
</g></svg>`;
}

/** An abstract "photo": layered gradients, rendered as JPEG, WebP or GIF. */
export function photoSvg(hue: number, caption: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="hsl(${hue},70%,72%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,45%)"/></linearGradient></defs>
<rect width="1200" height="800" fill="url(#sky)"/>
<circle cx="930" cy="190" r="90" fill="hsl(${(hue + 180) % 360},80%,85%)" opacity="0.85"/>
<path d="M0 600 L220 420 L430 560 L650 380 L900 590 L1200 430 V800 H0 Z" fill="hsl(${hue},35%,28%)"/>
<path d="M0 700 L300 560 L620 690 L940 560 L1200 660 V800 H0 Z" fill="hsl(${hue},30%,18%)"/>
<text x="40" y="760" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#ffffff" opacity="0.9">${escapeXml(caption)}</text>
</svg>`;
}

export async function renderSvg(
  svg: string,
  format: "png" | "jpeg" | "webp" | "gif",
): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const image = sharp(Buffer.from(svg));
  switch (format) {
    case "png":
      return image.png({ compressionLevel: 9 }).toBuffer();
    case "jpeg":
      return image.jpeg({ quality: 82 }).toBuffer();
    case "webp":
      return image.webp({ quality: 80 }).toBuffer();
    case "gif":
      return image.resize({ width: 600 }).gif().toBuffer();
  }
}
