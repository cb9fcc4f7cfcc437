import DOMPurify from "dompurify";

/**
 * A draft's HTML, made safe a second time in the browser (the server
 * sanitized it already, decision 020): the editor's tags only, links to
 * http(s), mailto and tel opened in a new tab without a referrer.
 */
const ALLOWED_TAGS = [
  "h1", "h2", "h3", "h4", "p", "br", "hr", "blockquote", "pre", "code", "strong", "b", "em", "i",
  "u", "s", "del", "strike", "sup", "sub", "mark", "ul", "ol", "li", "a", "table", "thead",
  "tbody", "tr", "th", "td", "span",
]; // biome-ignore format: a list reads better packed

let purifier: ReturnType<typeof DOMPurify> | null = null;

function getPurifier() {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook("afterSanitizeAttributes", (node) => {
    if (node.tagName !== "A") return;
    const href = node.getAttribute("href") ?? "";
    if (/^(https?:|mailto:|tel:)/i.test(href)) {
      node.setAttribute("target", "_blank");
      node.setAttribute("rel", "noopener noreferrer nofollow");
    } else {
      node.removeAttribute("href");
    }
  });
  purifier = instance;
  return instance;
}

const escapeText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function safeDraftHtml(html: string): string {
  const instance = getPurifier();
  if (!instance.isSupported) return `<pre>${escapeText(html)}</pre>`;
  return instance.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ["href", "title", "start", "colspan", "rowspan", "target", "rel"],
    ALLOW_DATA_ATTR: false,
  });
}

const BLOCKS = new Set(["P", "H1", "H2", "H3", "H4", "LI", "BLOCKQUOTE", "PRE", "TR", "HR"]);

/** The text of draft HTML, one line per block, for comparing versions. */
export function draftText(html: string): string {
  const doc = new DOMParser().parseFromString(safeDraftHtml(html), "text/html");
  const out: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      out.push((node.textContent ?? "").replace(/\s+/g, " "));
      return;
    }
    if (!(node instanceof Element)) return;
    if (node.tagName === "BR") {
      out.push("\n");
      return;
    }
    const block = BLOCKS.has(node.tagName);
    if (block) out.push("\n");
    for (const child of node.childNodes) walk(child);
    if (node.tagName === "TD" || node.tagName === "TH") out.push(" | ");
    if (block) out.push("\n");
  };
  walk(doc.body);
  return out
    .join("")
    .replace(/ *\n */g, "\n")
    .replace(/\n{2,}/g, "\n")
    .trim();
}

/** The draft's text as the clipboard carries it when a member copies their edit. */
export function draftClipboard(html: string): { html: string; text: string } {
  return { html: safeDraftHtml(html), text: draftText(html) };
}
