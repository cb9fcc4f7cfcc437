import { describe, expect, it } from "vitest";
import { markdownToDraftHtml, textToDraftHtml, toDraftHtml } from "./draft-html.ts";

describe("draft HTML", () => {
  it("renders markdown and keeps its structure", () => {
    const html = markdownToDraftHtml("# Clauses\n\n- **Term**: 12 months [1]\n- Notice");
    expect(html).toContain("<h1>Clauses</h1>");
    expect(html).toContain("<strong>Term</strong>");
    expect(html).toContain("<li>Notice</li>");
  });

  it("drops scripts, handlers and javascript links from markdown and HTML", () => {
    const md = markdownToDraftHtml(
      'Hi <script>alert(1)</script><img src="https://x.test/a.png" onerror="alert(2)"> [x](javascript:alert(3))',
    );
    expect(md).not.toMatch(/script|onerror|javascript:|x\.test/);
    const html = toDraftHtml("html", '<p onclick="evil()">ok</p><iframe src="https://x"></iframe>');
    expect(html).toBe("<p>ok</p>");
  });

  it("escapes plain text and keeps its paragraphs", () => {
    expect(textToDraftHtml("a < b\nc\n\n<i>d</i>")).toBe(
      "<p>a &lt; b<br>c</p>\n<p>&lt;i&gt;d&lt;/i&gt;</p>",
    );
  });
});
