/**
 * How deeply HTML (or SVG) nests its elements, estimated in one linear scan
 * without parsing. htmlparser2, under sanitize-html, keeps its open elements
 * in an array it shifts and unshifts: nesting d levels deep costs O(d²)
 * (100,000 nested <div>s, a 1 MB file, take half a minute). Documents that
 * nest beyond MAX_NESTING_DEPTH are refused before they reach the parser.
 */

export const MAX_NESTING_DEPTH = 5000;

const TAG = /<(\/?)([a-zA-Z][^\s/>]*)[^>]*>/g;
/** Elements that never hold others, or that the parser closes by itself when the next one opens. */
const NOT_NESTING = new Set([
  "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
  "track", "wbr", "p", "li", "dt", "dd", "tr", "td", "th", "option", "optgroup", "thead", "tbody",
  "tfoot", "rb", "rt", "rp",
]); // biome-ignore format: a list reads better packed

export function nestingDepth(markup: string): number {
  let depth = 0;
  let deepest = 0;
  for (const [tag, closing, name] of markup.matchAll(TAG)) {
    if (tag.endsWith("/>") || NOT_NESTING.has((name ?? "").toLowerCase())) continue;
    if (closing) {
      depth = Math.max(0, depth - 1);
    } else {
      depth += 1;
      if (depth > deepest) deepest = depth;
    }
  }
  return deepest;
}
