import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  Footer,
  HeadingLevel,
  LevelFormat,
  Packer,
  PageNumber,
  Paragraph,
  type ParagraphChild,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from "docx";
import type { Block, Run } from "./draft-html.ts";

/**
 * A draft as a Word document (decision 020): the title, then its headings,
 * paragraphs, lists (numbered ones restart per list), tables with borders
 * and a shaded header row, quotes and rules, on A4 with 2.5 cm margins and
 * page numbers in the footer.
 */

const ORDERED = "draft-ordered";
const BULLETS = "draft-bullets";
const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
] as const;
/** 2.5 cm in twentieths of a point. */
const MARGIN = 1417;
const BORDER = { style: BorderStyle.SINGLE, size: 4, color: "A6A6A6" };

export async function draftDocx(title: string, blocks: Block[]): Promise<Buffer> {
  let listInstance = 0;

  const runsOf = (runs: Run[], extra: { italics?: boolean; bold?: boolean } = {}) =>
    runs.map((run): ParagraphChild => {
      const text = new TextRun({
        text: run.text,
        break: run.breakBefore ? 1 : undefined,
        bold: run.bold || extra.bold,
        italics: run.italics || extra.italics,
        underline: run.underline || run.link ? {} : undefined,
        strike: run.strike,
        superScript: run.superScript,
        subScript: run.subScript,
        font: run.code ? "Consolas" : undefined,
        color: run.link ? "1F4E9E" : undefined,
      });
      return run.link ? new ExternalHyperlink({ link: run.link, children: [text] }) : text;
    });

  const convert = (block: Block, depth: number): Array<Paragraph | Table> => {
    switch (block.kind) {
      case "heading":
        return [
          new Paragraph({ heading: HEADINGS[block.level - 1], children: runsOf(block.runs) }),
        ];
      case "paragraph":
        return [
          new Paragraph({
            children: runsOf(block.runs, { italics: block.quote && !block.code }),
            indent: block.quote ? { left: 567 } : undefined,
            border: block.quote
              ? { left: { style: BorderStyle.SINGLE, size: 12, color: "BFBFBF", space: 8 } }
              : undefined,
            shading: block.code
              ? { type: ShadingType.CLEAR, color: "auto", fill: "F2F2F2" }
              : undefined,
          }),
        ];
      case "rule":
        return [
          new Paragraph({
            children: [],
            border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: "BFBFBF", space: 1 } },
          }),
        ];
      case "list": {
        const instance = listInstance++;
        return block.items.flatMap((item) => {
          const [first, ...rest] = item;
          const lead =
            first && first.kind === "paragraph"
              ? first
              : { kind: "paragraph" as const, runs: [] as Run[] };
          const bullet = new Paragraph({
            children: runsOf(lead.runs),
            numbering: {
              reference: block.ordered ? ORDERED : BULLETS,
              level: Math.min(depth, 4),
              instance: block.ordered ? instance : 0,
            },
          });
          const others = first && first.kind !== "paragraph" ? item : rest;
          return [bullet, ...others.flatMap((b) => convert(b, depth + 1))];
        });
      }
      case "table": {
        const columns = Math.max(...block.rows.map((row) => row.cells.length));
        return [
          new Table({
            width: { size: 100, type: WidthType.PERCENTAGE },
            borders: {
              top: BORDER,
              bottom: BORDER,
              left: BORDER,
              right: BORDER,
              insideHorizontal: BORDER,
              insideVertical: BORDER,
            },
            rows: block.rows.map(
              (row) =>
                new TableRow({
                  // Set only on header rows: Word readers take any tblHeader, even "off", as one.
                  tableHeader: row.cells.every((cell) => cell.header) || undefined,
                  children: padCells(row.cells, columns).map(
                    (cell) =>
                      new TableCell({
                        shading: cell.header
                          ? { type: ShadingType.CLEAR, color: "auto", fill: "EDEFF3" }
                          : undefined,
                        margins: { top: 60, bottom: 60, left: 100, right: 100 },
                        children: cellParagraphs(cell.blocks, cell.header),
                      }),
                  ),
                }),
            ),
          }),
          new Paragraph({ children: [] }),
        ];
      }
    }
  };

  const cellParagraphs = (blocks: Block[], header: boolean): Array<Paragraph | Table> => {
    const out = blocks.flatMap((b) =>
      header && b.kind === "paragraph"
        ? [new Paragraph({ children: runsOf(b.runs, { bold: true }) })]
        : convert(b, 0),
    );
    // A cell must end with a paragraph.
    return out.length > 0 && out.at(-1) instanceof Paragraph
      ? out
      : [...out, new Paragraph({ children: [] })];
  };

  const doc = new Document({
    title,
    creator: "Atrium",
    styles: {
      default: {
        document: { run: { font: "Calibri", size: 22 }, paragraph: { spacing: { after: 120 } } },
        title: { run: { font: "Calibri", size: 40, bold: true, color: "1F2937" } },
        heading1: {
          run: { font: "Calibri", size: 32, bold: true, color: "1F2937" },
          paragraph: { spacing: { before: 240, after: 120 } },
        },
        heading2: {
          run: { font: "Calibri", size: 28, bold: true, color: "1F2937" },
          paragraph: { spacing: { before: 200, after: 100 } },
        },
        heading3: {
          run: { font: "Calibri", size: 24, bold: true, color: "374151" },
          paragraph: { spacing: { before: 160, after: 80 } },
        },
        heading4: {
          run: { font: "Calibri", size: 22, bold: true, italics: true, color: "374151" },
          paragraph: { spacing: { before: 120, after: 60 } },
        },
      },
    },
    numbering: {
      config: [
        {
          reference: ORDERED,
          levels: [0, 1, 2, 3, 4].map((level) => ({
            level,
            format: [LevelFormat.DECIMAL, LevelFormat.LOWER_LETTER, LevelFormat.LOWER_ROMAN][
              level % 3
            ]!,
            text: `%${level + 1}.`,
            alignment: AlignmentType.START,
            style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
          })),
        },
        {
          reference: BULLETS,
          levels: [0, 1, 2, 3, 4].map((level) => ({
            level,
            format: LevelFormat.BULLET,
            text: ["•", "◦", "▪"][level % 3]!,
            alignment: AlignmentType.START,
            style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
          })),
        },
      ],
    },
    sections: [
      {
        properties: {
          page: {
            size: { width: 11906, height: 16838 },
            margin: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
          },
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({
                    children: ["Page ", PageNumber.CURRENT, " of ", PageNumber.TOTAL_PAGES],
                    size: 18,
                    color: "6B7280",
                  }),
                ],
              }),
            ],
          }),
        },
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(title)] }),
          ...blocks.flatMap((block) => convert(block, 0)),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

function padCells<T extends { header: boolean; blocks: Block[] }>(cells: T[], columns: number) {
  const out: Array<{ header: boolean; blocks: Block[] }> = [...cells];
  while (out.length < columns) out.push({ header: false, blocks: [] });
  return out;
}
