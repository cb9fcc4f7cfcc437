import { createRequire } from "node:module";
import path from "node:path";
import pdfmake from "pdfmake";
import type { Content, TDocumentDefinitions } from "pdfmake/interfaces.d.ts";
import type { Block, Run } from "./draft-html.ts";

/**
 * A draft as PDF (decision 020), laid out by pdfmake from the same blocks as
 * the Word file: the title, headings, paragraphs, lists, tables with a
 * header row repeated across pages, quotes and rules, on A4 with 2.5 cm
 * margins, page numbers in the footer. Roboto (shipped with pdfmake) is
 * embedded, so accented and non-Latin text prints as written. pdfmake reads
 * nothing but those font files: no URL, no other local path.
 */

const FONT_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve("pdfmake/package.json")),
  "fonts",
  "Roboto",
);
const FONTS = {
  Roboto: {
    normal: path.join(FONT_DIR, "Roboto-Regular.ttf"),
    bold: path.join(FONT_DIR, "Roboto-Medium.ttf"),
    italics: path.join(FONT_DIR, "Roboto-Italic.ttf"),
    bolditalics: path.join(FONT_DIR, "Roboto-MediumItalic.ttf"),
  },
};
const FONT_FILES = new Set(Object.values(FONTS.Roboto));

let configured = false;
function configure(): void {
  if (configured) return;
  pdfmake.setFonts(FONTS);
  pdfmake.setUrlAccessPolicy(() => false);
  (
    pdfmake as unknown as { setLocalAccessPolicy(fn: (p: string) => boolean): void }
  ).setLocalAccessPolicy((file) => FONT_FILES.has(path.resolve(file)));
  configured = true;
}

/** 2.5 cm in points. */
const MARGIN = 71;
const A4_WIDTH = 595.28;
const TEXT_WIDTH = A4_WIDTH - 2 * MARGIN;

export async function draftPdf(title: string, blocks: Block[]): Promise<Buffer> {
  configure();
  const definition: TDocumentDefinitions = {
    pageSize: "A4",
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN],
    info: { title, creator: "Atrium", producer: "Atrium" },
    defaultStyle: { font: "Roboto", fontSize: 10.5, lineHeight: 1.25, color: "#111827" },
    styles: {
      title: { fontSize: 20, bold: true, margin: [0, 0, 0, 14] },
      h1: { fontSize: 16, bold: true, margin: [0, 12, 0, 6] },
      h2: { fontSize: 14, bold: true, margin: [0, 10, 0, 5] },
      h3: { fontSize: 12, bold: true, margin: [0, 8, 0, 4], color: "#374151" },
      h4: { fontSize: 11, bold: true, italics: true, margin: [0, 6, 0, 3], color: "#374151" },
      paragraph: { margin: [0, 0, 0, 7] },
    },
    footer: (current, total) => ({
      text: `Page ${current} of ${total}`,
      alignment: "center",
      fontSize: 8,
      color: "#6B7280",
      margin: [0, 24, 0, 0],
    }),
    content: [{ text: title, style: "title" }, ...blocks.map((block) => contentOf(block))],
  };
  return pdfmake.createPdf(definition).getBuffer() as Promise<Buffer>;
}

function inline(runs: Run[], extra: { italics?: boolean; bold?: boolean } = {}): Content[] {
  return runs.map((run) => {
    const decoration = [
      ...(run.underline || run.link ? ["underline" as const] : []),
      ...(run.strike ? ["lineThrough" as const] : []),
    ];
    return {
      text: `${run.breakBefore ? "\n" : ""}${run.text}`,
      bold: run.bold || extra.bold || undefined,
      italics: run.italics || extra.italics || undefined,
      decoration:
        decoration.length === 1 ? decoration[0] : decoration.length ? decoration : undefined,
      link: run.link,
      color: run.link ? "#1F4E9E" : undefined,
      sup: run.superScript || undefined,
      sub: run.subScript || undefined,
      background: run.code ? "#F2F2F2" : undefined,
    } as Content;
  });
}

function contentOf(block: Block, width = TEXT_WIDTH): Content {
  switch (block.kind) {
    case "heading":
      return {
        text: inline(block.runs),
        style: `h${block.level}`,
        headlineLevel: block.level,
      } as Content;
    case "paragraph":
      if (block.quote) {
        return {
          table: {
            widths: ["*"],
            body: [[{ text: inline(block.runs, { italics: !block.code }) }]],
          },
          layout: {
            hLineWidth: () => 0,
            vLineWidth: (i: number) => (i === 0 ? 2 : 0),
            vLineColor: () => "#BFBFBF",
            paddingLeft: () => 10,
          },
          margin: [8, 0, 0, 7],
        } as Content;
      }
      return block.code
        ? ({
            table: { widths: ["*"], body: [[{ text: inline(block.runs), fillColor: "#F2F2F2" }]] },
            layout: "noBorders",
            margin: [0, 0, 0, 7],
          } as Content)
        : { text: inline(block.runs), style: "paragraph" };
    case "rule":
      return {
        canvas: [
          { type: "line", x1: 0, y1: 4, x2: width, y2: 4, lineWidth: 0.75, lineColor: "#BFBFBF" },
        ],
        margin: [0, 4, 0, 10],
      };
    case "list": {
      const items = block.items.map((item) => {
        // Items sit close together: their paragraphs take a small gap, not a paragraph's.
        const parts = item.map((b) =>
          b.kind === "paragraph" && !b.quote && !b.code
            ? ({ text: inline(b.runs), margin: [0, 0, 0, 3] } as Content)
            : contentOf(b, width - 20),
        );
        return parts.length === 1 ? parts[0]! : { stack: parts };
      });
      return block.ordered
        ? ({ ol: items, start: block.start, margin: [0, 0, 0, 7] } as Content)
        : ({ ul: items, margin: [0, 0, 0, 7] } as Content);
    }
    case "table": {
      const columns = Math.max(1, ...block.rows.map((row) => row.cells.length));
      const headerRows = block.rows[0]?.cells.every((cell) => cell.header) ? 1 : 0;
      const body = block.rows.map((row) => {
        const cells = row.cells.map((cell) => ({
          stack: cell.blocks.map((b) =>
            b.kind === "paragraph"
              ? { text: inline(b.runs, { bold: cell.header }) }
              : contentOf(b, width / columns),
          ),
          fillColor: cell.header ? "#EDEFF3" : undefined,
        }));
        while (cells.length < columns) cells.push({ stack: [], fillColor: undefined });
        return cells;
      });
      return {
        table: { headerRows, widths: Array(columns).fill("*"), body },
        layout: {
          hLineWidth: () => 0.5,
          vLineWidth: () => 0.5,
          hLineColor: () => "#A6A6A6",
          vLineColor: () => "#A6A6A6",
          paddingTop: () => 4,
          paddingBottom: () => 4,
        },
        margin: [0, 2, 0, 10],
      } as Content;
    }
  }
}
