import { createRequire } from "node:module";
import type sanitizeHtml from "sanitize-html";

/**
 * sanitize-html (with postcss, about 18 MB resident) is loaded on the first
 * call, not at start (decision 032): the server imports this module through
 * the drafts and the modules' output, which an idle server never runs. A
 * synchronous require keeps every caller synchronous.
 */
let sanitizeHtmlLib: typeof sanitizeHtml | undefined;
export function loadSanitizeHtml(): typeof sanitizeHtml {
  sanitizeHtmlLib ??= createRequire(import.meta.url)("sanitize-html") as typeof sanitizeHtml;
  return sanitizeHtmlLib;
}

/**
 * The one gate every piece of document HTML passes before it is stored or
 * shown: a strict allow-list. No script, style, frames, forms or event
 * handlers; links only to http(s), mailto and tel, opened with
 * rel="noopener noreferrer"; images only as inline data: URIs of raster
 * formats, so displaying a document never fetches anything remote.
 */

const ALLOWED_TAGS = [
  "h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "blockquote", "pre", "code", "kbd", "samp",
  "em", "strong", "b", "i", "u", "s", "del", "ins", "mark", "sub", "sup", "small", "abbr", "cite",
  "q", "span", "div", "section", "article", "header", "footer", "figure", "figcaption", "ul", "ol",
  "li", "dl", "dt", "dd", "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption",
  "colgroup", "col", "a", "img",
]; // biome-ignore format: a list reads better packed

/** Elements dropped together with their text (the rest keep their text when their tag is dropped). */
const DROPPED_WITH_TEXT = [
  "script", "style", "textarea", "option", "select", "noscript", "title", "template", "iframe",
  "object", "embed", "svg", "math", "head",
]; // biome-ignore format: a list reads better packed

const SAFE_IMAGE_SOURCE = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;

const HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title", "width", "height"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    col: ["span"],
    colgroup: ["span"],
    ol: ["start", "reversed"],
    abbr: ["title"],
    section: ["data-page", "data-slide", "data-sheet"],
  },
  allowedClasses: { code: [/^language-[\w-]+$/], pre: [/^language-[\w-]+$/] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["data"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: DROPPED_WITH_TEXT,
  enforceHtmlBoundary: false,
  nestingLimit: 200,
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: "noopener noreferrer nofollow", target: "_blank" },
    }),
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      return { tagName, attribs: src && SAFE_IMAGE_SOURCE.test(src) ? { ...rest, src } : rest };
    },
  },
  // An image with nothing safe to show is dropped, not left as an empty box.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

export function sanitizeDocumentHtml(html: string): string {
  return loadSanitizeHtml()(html, HTML_OPTIONS);
}

/**
 * <style> travels under another name through the sanitizer: sanitize-html
 * copies the text of an allowed <style> verbatim (CDATA included, so a
 * `</style><script>` inside it would survive); renamed, its text is escaped
 * and filtered like any other, and the name is restored afterwards.
 */
const CSS_TAG = "atrium-svg-style";

/** SVG elements that draw; anything else (script, foreignObject, animation, links) is dropped. */
const SVG_TAGS = [
  "svg", "g", "defs", "symbol", "use", "title", "desc", "metadata", "path", "rect", "circle",
  "ellipse", "line", "polyline", "polygon", "text", "tspan", "textPath", "linearGradient",
  "radialGradient", "stop", "clipPath", "mask", "pattern", "marker", "image", "filter", CSS_TAG,
  "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix",
  "feDiffuseLighting", "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood",
  "feFuncA", "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur", "feMerge", "feMergeNode",
  "feMorphology", "feOffset", "fePointLight", "feSpecularLighting", "feSpotLight", "feTile",
  "feTurbulence",
]; // biome-ignore format: a list reads better packed

/** A reference the rasterizer may follow: an element of this SVG or an inline raster image. */
function isLocalReference(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.startsWith("#") || SAFE_IMAGE_SOURCE.test(trimmed);
}

/** url(...) in CSS that points outside the SVG becomes `none`. */
function neutralizeCssUrls(css: string): string {
  return css
    .replace(/@import[^;]*;?/gi, "")
    .replace(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi, (whole, _quote, target: string) =>
      isLocalReference(target) ? whole : "none",
    );
}

const SVG_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: SVG_TAGS,
  allowedAttributes: false,
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: [],
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "foreignObject", "iframe", "object", "embed", "a"],
  parser: { xmlMode: true, decodeEntities: true },
  parseStyleAttributes: false,
  textFilter: (text, tagName) =>
    tagName === "style" || tagName === CSS_TAG ? neutralizeCssUrls(text) : text,
  transformTags: {
    style: () => ({ tagName: CSS_TAG, attribs: {} }),
    "*": (tagName, attribs) => {
      const kept: sanitizeHtml.Attributes = {};
      for (const [name, value] of Object.entries(attribs)) {
        const lower = name.toLowerCase();
        if (lower.startsWith("on")) continue;
        if ((lower === "href" || lower.endsWith(":href")) && !isLocalReference(value)) continue;
        // url(...) also appears in presentation attributes (fill, filter, clip-path, mask).
        kept[name] = value.includes("url(") || lower === "style" ? neutralizeCssUrls(value) : value;
      }
      return { tagName, attribs: kept };
    },
  },
};

/**
 * An SVG made safe to rasterize: drawing elements only, no script or event
 * handlers, no references outside the file (so the rasterizer reads nothing
 * else from disk or the network). The result is never served as SVG.
 */
export function sanitizeSvg(svg: string): string {
  const clean = loadSanitizeHtml()(svg, SVG_OPTIONS)
    .replaceAll(`<${CSS_TAG}>`, "<style>")
    .replaceAll(`</${CSS_TAG}>`, "</style>")
    .replaceAll(`<${CSS_TAG} />`, "");
  // Only the root element: a DOCTYPE's leftovers or text around it would make the XML invalid.
  const start = clean.indexOf("<svg");
  const end = clean.lastIndexOf("</svg>");
  return start >= 0 && end > start ? clean.slice(start, end + "</svg>".length) : "";
}
