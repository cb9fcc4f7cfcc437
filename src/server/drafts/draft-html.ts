import { type ChildNode, type Element, isTag, isText } from "domhandler";
import { parseDocument } from "htmlparser2";
import type sanitizeHtml from "sanitize-html";
import { loadSanitizeHtml } from "../ingest/extract/sanitize.ts";

/**
 * A draft's content is HTML in the rich-text editor's format (decision 020).
 * Whatever writes it (the member's editor, a run) passes through
 * `sanitizeDraftHtml`: an allow-list of what the editor itself produces, so a
 * draft can never carry script, styles, frames, forms, event handlers or
 * links to anything but http(s), mailto and tel.
 */

const DRAFT_TAGS = [
  "h1", "h2", "h3", "h4", "p", "br", "hr", "blockquote", "pre", "code", "strong", "b", "em", "i",
  "u", "s", "del", "strike", "sup", "sub", "mark", "ul", "ol", "li", "a", "table", "thead",
  "tbody", "tr", "th", "td", "span",
]; // biome-ignore format: a list reads better packed

/** Dropped together with their text (other refused tags keep their text). */
const DROPPED_WITH_TEXT = [
  "script", "style", "textarea", "option", "select", "noscript", "title", "template", "iframe",
  "object", "embed", "svg", "math", "head",
]; // biome-ignore format: a list reads better packed

const DRAFT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: DRAFT_TAGS,
  allowedAttributes: {
    a: ["href", "title"],
    ol: ["start"],
    th: ["colspan", "rowspan"],
    td: ["colspan", "rowspan"],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: DROPPED_WITH_TEXT,
  enforceHtmlBoundary: false,
  nestingLimit: 100,
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: "noopener noreferrer nofollow", target: "_blank" },
    }),
  },
};
// rel and target are set by the transform, after the attribute filter.
DRAFT_OPTIONS.allowedAttributes = {
  ...(DRAFT_OPTIONS.allowedAttributes as Record<string, string[]>),
  a: ["href", "title", "rel", "target"],
};

export function sanitizeDraftHtml(html: string): string {
  return loadSanitizeHtml()(html, DRAFT_OPTIONS).trim();
}

const BLOCK_TAGS = new Set([
  "h1", "h2", "h3", "h4", "h5", "h6", "p", "div", "blockquote", "pre", "li", "tr", "table", "ul",
  "ol", "hr", "section", "article",
]); // biome-ignore format: a list reads better packed

/** The text of draft HTML, blocks separated by line breaks, for search, excerpts and diffs. */
export function draftPlainText(html: string): string {
  const out: string[] = [];
  const walk = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (isText(node)) out.push(node.data);
      else if (isTag(node)) {
        if (node.name === "br") {
          out.push("\n");
          continue;
        }
        const block = BLOCK_TAGS.has(node.name);
        if (block) out.push("\n");
        walk(node.children);
        if (node.name === "td" || node.name === "th") out.push("\t");
        if (block) out.push("\n");
      }
    }
  };
  walk(parseDocument(html).children);
  return out
    .join("")
    .replace(/[ \t\u00a0]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{2,}/g, "\n")
    .trim();
}

/** The first words of a draft, on one line, for the list. */
export function draftExcerpt(html: string, max = 180): string {
  const text = draftPlainText(html).replace(/\s+/g, " ").trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

// ---------------------------------------------------------------------------
// The draft as blocks, for writing it as DOCX or PDF (draft-docx.ts, draft-pdf.ts).

export interface Run {
  text: string;
  bold?: boolean;
  italics?: boolean;
  underline?: boolean;
  strike?: boolean;
  code?: boolean;
  superScript?: boolean;
  subScript?: boolean;
  link?: string;
  /** A line break before this run's text. */
  breakBefore?: boolean;
}

export type Block =
  | { kind: "heading"; level: 1 | 2 | 3 | 4; runs: Run[] }
  | { kind: "paragraph"; runs: Run[]; quote?: boolean; code?: boolean }
  | { kind: "list"; ordered: boolean; start: number; items: Block[][] }
  | { kind: "table"; rows: Array<{ cells: Array<{ header: boolean; blocks: Block[] }> }> }
  | { kind: "rule" };

type Marks = Omit<Run, "text" | "breakBefore">;

const MARKS: Record<string, Marks> = {
  strong: { bold: true },
  b: { bold: true },
  em: { italics: true },
  i: { italics: true },
  u: { underline: true },
  s: { strike: true },
  del: { strike: true },
  strike: { strike: true },
  code: { code: true },
  sup: { superScript: true },
  sub: { subScript: true },
};

/** Sanitized draft HTML as blocks: headings, paragraphs, lists, tables, rules. */
export function draftBlocks(html: string): Block[] {
  return blocksOf(parseDocument(html).children, {});
}

function blocksOf(nodes: ChildNode[], context: { quote?: boolean }): Block[] {
  const blocks: Block[] = [];
  let pending: Run[] = [];
  const flush = () => {
    const runs = tidyRuns(pending);
    if (runs.length > 0) blocks.push({ kind: "paragraph", runs, quote: context.quote });
    pending = [];
  };
  for (const node of nodes) {
    if (!isTag(node)) {
      if (isText(node)) pending.push(...runsOf(node, {}));
      continue;
    }
    const name = node.name;
    const heading = /^h([1-6])$/.exec(name);
    if (heading) {
      flush();
      const level = Math.min(Number(heading[1]), 4) as 1 | 2 | 3 | 4;
      const runs = tidyRuns(runsOfChildren(node, {}));
      if (runs.length > 0) blocks.push({ kind: "heading", level, runs });
    } else if (name === "p") {
      flush();
      const runs = tidyRuns(runsOfChildren(node, {}));
      if (runs.length > 0) blocks.push({ kind: "paragraph", runs, quote: context.quote });
    } else if (name === "blockquote") {
      flush();
      blocks.push(...blocksOf(node.children, { quote: true }));
    } else if (name === "pre") {
      flush();
      const lines = textOf(node).replace(/\n$/, "").split("\n");
      const runs = lines.map((line, i) => ({ text: line, code: true, breakBefore: i > 0 }));
      blocks.push({ kind: "paragraph", runs, code: true, quote: context.quote });
    } else if (name === "ul" || name === "ol") {
      flush();
      const items = node.children
        .filter((child): child is Element => isTag(child) && child.name === "li")
        .map((li) => blocksOf(li.children, context));
      const start = Number.parseInt(node.attribs.start ?? "1", 10);
      blocks.push({
        kind: "list",
        ordered: name === "ol",
        start: Number.isFinite(start) ? start : 1,
        items,
      });
    } else if (name === "table") {
      flush();
      const rows = rowsOf(node).map((tr) => ({
        cells: tr.children
          .filter((c): c is Element => isTag(c) && (c.name === "td" || c.name === "th"))
          .map((cell) => ({ header: cell.name === "th", blocks: blocksOf(cell.children, {}) })),
      }));
      if (rows.some((row) => row.cells.length > 0)) blocks.push({ kind: "table", rows });
    } else if (name === "hr") {
      flush();
      blocks.push({ kind: "rule" });
    } else if (BLOCK_TAGS.has(name)) {
      flush();
      blocks.push(...blocksOf(node.children, context));
    } else {
      pending.push(...runsOf(node, {}));
    }
  }
  flush();
  return blocks;
}

function rowsOf(table: Element): Element[] {
  const rows: Element[] = [];
  for (const child of table.children) {
    if (!isTag(child)) continue;
    if (child.name === "tr") rows.push(child);
    else if (["thead", "tbody", "tfoot"].includes(child.name)) rows.push(...rowsOf(child));
  }
  return rows;
}

function runsOfChildren(node: Element, marks: Marks): Run[] {
  return node.children.flatMap((child) => runsOf(child, marks));
}

function runsOf(node: ChildNode, marks: Marks): Run[] {
  if (isText(node)) return [{ ...marks, text: node.data.replace(/\s+/g, " ") }];
  if (!isTag(node)) return [];
  if (node.name === "br") return [{ ...marks, text: "", breakBefore: true }];
  const own: Marks = { ...marks, ...MARKS[node.name] };
  if (node.name === "a" && node.attribs.href) own.link = node.attribs.href;
  return runsOfChildren(node, own);
}

function textOf(node: ChildNode): string {
  if (isText(node)) return node.data;
  if (isTag(node)) return node.children.map(textOf).join("");
  return "";
}

/** No leading or trailing blanks, no empty runs (a break is kept). */
function tidyRuns(runs: Run[]): Run[] {
  const out = runs.filter((run) => run.text !== "" || run.breakBefore);
  while (out.length > 0 && !out[0]!.breakBefore && !out[0]!.text.trim()) out.shift();
  while (out.length > 0 && !out.at(-1)!.text.trim()) out.pop();
  if (out.length === 0) return [];
  out[0] = { ...out[0]!, text: out[0]!.text.trimStart(), breakBefore: false };
  const last = out.length - 1;
  out[last] = { ...out[last]!, text: out[last]!.text.trimEnd() };
  return out;
}
