// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { clearPassage, markPassage, normalizeQuote } from "./mark-passage.ts";

function container(html: string): HTMLElement {
  const div = document.createElement("div");
  div.innerHTML = html;
  return div;
}

const marked = (root: HTMLElement) =>
  [...root.querySelectorAll("mark[data-passage]")].map((m) => m.textContent).join("|");

describe("markPassage", () => {
  it("marks a quote inside one paragraph", () => {
    const root = container("<p>The agreement is governed by the laws of France.</p>");
    const mark = markPassage(root, "governed by the laws of France");
    expect(mark?.textContent).toBe("governed by the laws of France");
    expect(root.textContent).toBe("The agreement is governed by the laws of France.");
  });

  it("finds a quote across inline elements, whitespace, case and typographic quotes", () => {
    const root = container(
      "<p>Either party may   terminate <strong>this Agreement</strong>\n on ninety (90) days’ notice.</p>",
    );
    expect(
      markPassage(root, "“either party may terminate this agreement on ninety (90) days' notice”"),
    ).not.toBeNull();
    expect(marked(root)).toBe(
      "Either party may   terminate |this Agreement|on ninety (90) days’ notice",
    );
  });

  it("falls back to the quote's beginning, and gives null when nothing matches", () => {
    const root = container(
      `<p>${"Liability is capped at the fees paid in the last twelve months. ".repeat(2)}</p>`,
    );
    const quote = `Liability is capped at the fees paid in the last twelve months, save for fraud and wilful misconduct which are unlimited and ${"x".repeat(80)}`;
    expect(markPassage(root, quote)).not.toBeNull();
    expect(markPassage(root, "nothing like this")).toBeNull();
  });

  it("clears earlier marks", () => {
    const root = container("<p>alpha beta gamma</p>");
    markPassage(root, "beta");
    clearPassage(root);
    expect(root.querySelectorAll("mark").length).toBe(0);
    expect(root.innerHTML).toBe("<p>alpha beta gamma</p>");
  });

  it("normalizes quotes", () => {
    expect(normalizeQuote("  “Hello,\n  World…”  ")).toBe("hello, world");
  });
});
