/**
 * Find a quoted passage in rendered text and mark it: the words a citation
 * quotes, in a document's content (decision 029). The quote and the text are
 * compared with whitespace collapsed, case ignored and typographic quotes
 * and dashes made plain, since extraction and the model rarely agree on
 * those; when the whole quote is not found, its first 120 then 60
 * characters are tried. Returns the first mark, or null.
 */
export const PASSAGE_ATTRIBUTE = "data-passage";

const PLAIN: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u2013": "-",
  "\u2014": "-",
  "\u00A0": " ",
};

function plain(char: string): string {
  return (PLAIN[char] ?? char).toLowerCase();
}

/** The quote as compared: plain characters, single spaces, no ellipsis at the ends. */
export function normalizeQuote(quote: string): string {
  let out = "";
  for (const char of quote.replace(/^[\s.…"“]+|[\s.…"”]+$/g, "")) {
    const c = plain(char);
    if (/\s/.test(c)) {
      if (out !== "" && !out.endsWith(" ")) out += " ";
    } else out += c;
  }
  return out.trim();
}

interface Position {
  node: Text;
  offset: number;
}

export function markPassage(container: HTMLElement, quote: string): HTMLElement | null {
  clearPassage(container);
  const needle = normalizeQuote(quote);
  if (needle.length < 3) return null;
  const doc = container.ownerDocument;
  const walker = doc.createTreeWalker(container, 4 /* NodeFilter.SHOW_TEXT */);
  let text = "";
  const positions: Position[] = [];
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const value = node.data;
    for (let offset = 0; offset < value.length; offset++) {
      const c = plain(value[offset] as string);
      if (/\s/.test(c)) {
        if (text === "" || text.endsWith(" ")) continue;
        text += " ";
      } else text += c;
      positions.push({ node, offset });
    }
    // Block boundaries read as a space.
    if (text !== "" && !text.endsWith(" ")) {
      text += " ";
      positions.push({ node, offset: value.length });
    }
  }
  const attempts = [needle, needle.slice(0, 120).trim(), needle.slice(0, 60).trim()];
  let start = -1;
  let length = 0;
  for (const attempt of attempts) {
    if (attempt.length < 3) continue;
    start = text.indexOf(attempt);
    if (start >= 0) {
      length = attempt.length;
      break;
    }
  }
  if (start < 0) return null;
  const first = positions[start];
  const last = positions[start + length - 1];
  if (!first || !last) return null;

  // Wrap every text node the passage touches (or the touched part of it).
  const touched: Array<{ node: Text; from: number; to: number }> = [];
  for (let i = start; i < start + length; i++) {
    const position = positions[i];
    if (!position || position.offset >= position.node.data.length) continue;
    const previous = touched.at(-1);
    if (previous && previous.node === position.node) previous.to = position.offset + 1;
    else touched.push({ node: position.node, from: position.offset, to: position.offset + 1 });
  }
  let firstMark: HTMLElement | null = null;
  for (const { node, from, to } of touched) {
    const target = from > 0 ? node.splitText(from) : node;
    if (to - from < target.data.length) target.splitText(to - from);
    const mark = doc.createElement("mark");
    mark.setAttribute(PASSAGE_ATTRIBUTE, "");
    mark.className = "rounded-sm bg-primary/25 px-0.5 text-foreground ring-1 ring-primary/40";
    target.replaceWith(mark);
    mark.append(target);
    firstMark ??= mark;
  }
  return firstMark;
}

/** Remove the marks markPassage added, merging the text back. */
export function clearPassage(container: HTMLElement): void {
  for (const mark of container.querySelectorAll(`mark[${PASSAGE_ATTRIBUTE}]`)) {
    const parent = mark.parentNode;
    if (!parent) continue;
    while (mark.firstChild) parent.insertBefore(mark.firstChild, mark);
    parent.removeChild(mark);
    parent.normalize();
  }
}
