import DOMPurify from "dompurify";

/**
 * Extracted document HTML, made safe a second time in the browser (the
 * server already sanitized it): no scripts, forms, frames, styles or event
 * handlers, and no image that would be fetched from elsewhere (a document
 * could use one to learn who opened it); links open in a new tab without a
 * referrer.
 */
let purifier: ReturnType<typeof DOMPurify> | null = null;

function getPurifier() {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook("afterSanitizeAttributes", (node) => {
    if (node.tagName === "IMG") {
      const src = node.getAttribute("src") ?? "";
      if (!/^data:image\/(png|jpe?g|gif|webp);base64,/i.test(src)) node.removeAttribute("src");
      node.removeAttribute("srcset");
    }
    if (node.tagName === "A") {
      const href = node.getAttribute("href") ?? "";
      if (/^https?:|^mailto:/i.test(href)) {
        node.setAttribute("target", "_blank");
        node.setAttribute("rel", "noopener noreferrer nofollow");
      } else {
        node.removeAttribute("href");
      }
    }
  });
  purifier = instance;
  return instance;
}

const escapeText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function sanitizeDocumentHtml(html: string): string {
  const instance = getPurifier();
  // A browser DOMPurify cannot work in shows the markup as text rather than trusting it.
  if (!instance.isSupported) return `<pre>${escapeText(html)}</pre>`;
  return instance.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: [
      "style",
      "form",
      "input",
      "button",
      "select",
      "textarea",
      "iframe",
      "object",
      "embed",
      "link",
      "meta",
      "base",
      "svg",
      "math",
      "video",
      "audio",
      "source",
      "picture",
    ],
    FORBID_ATTR: ["style", "srcset", "background", "poster", "formaction", "id", "name"],
    ALLOW_DATA_ATTR: false,
  });
}
