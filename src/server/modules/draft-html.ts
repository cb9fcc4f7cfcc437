import { Marked } from "marked";
import { sanitizeDocumentHtml } from "../ingest/extract/sanitize.ts";

/**
 * What model and automation output becomes in a draft: sanitized HTML
 * (decision 019). Their output is untrusted: markdown is rendered with
 * marked (GitHub flavour), and every HTML, rendered or given, passes the
 * dossier's strict allow-list (no script, styles, frames, handlers or remote
 * images).
 */

const marked = new Marked({ gfm: true, async: false });

export function markdownToDraftHtml(markdown: string): string {
  return sanitizeDocumentHtml(marked.parse(markdown, { async: false })).trim();
}

export function htmlToDraftHtml(html: string): string {
  return sanitizeDocumentHtml(html);
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Plain text: paragraphs at blank lines, line breaks kept. */
export function textToDraftHtml(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((para) => para.trim())
    .filter(Boolean)
    .map((para) => `<p>${escapeHtml(para).replace(/\r?\n/g, "<br>")}</p>`)
    .join("\n");
}

export function toDraftHtml(format: "text" | "markdown" | "html", content: string): string {
  if (format === "markdown") return markdownToDraftHtml(content);
  if (format === "html") return htmlToDraftHtml(content);
  return textToDraftHtml(content);
}
