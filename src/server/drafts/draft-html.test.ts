import { describe, expect, it } from "vitest";
import { draftBlocks, draftExcerpt, draftPlainText, sanitizeDraftHtml } from "./draft-html.ts";
import { draftFileName } from "./save-draft-to-dossier.ts";

describe("draft HTML", () => {
  it("keeps what the editor writes and drops anything active", () => {
    const html = sanitizeDraftHtml(
      '<h2 onclick="x()">Terms</h2><p style="color:red">A <u>b</u> <s>c</s> <a href="javascript:alert(1)">d</a>' +
        '<a href="mailto:a@b.test">e</a><script>alert(1)</script><img src=x onerror=alert(1)></p>' +
        "<table><tbody><tr><th><p>H</p></th></tr></tbody></table><iframe src=//evil></iframe>",
    );
    expect(html).toBe(
      '<h2>Terms</h2><p>A <u>b</u> <s>c</s> <a rel="noopener noreferrer nofollow" target="_blank">d</a>' +
        '<a href="mailto:a@b.test" rel="noopener noreferrer nofollow" target="_blank">e</a></p>' +
        "<table><tbody><tr><th><p>H</p></th></tr></tbody></table>",
    );
  });

  it("reads the text, one line per block, and a short excerpt", () => {
    const html =
      "<h1>Memo</h1><p>First &amp; <em>second</em><br>third</p><ul><li><p>One</p></li></ul>";
    expect(draftPlainText(html)).toBe("Memo\nFirst & second\nthird\nOne");
    expect(draftExcerpt(html)).toBe("Memo First & second third One");
    expect(draftExcerpt(`<p>${"word ".repeat(100)}</p>`, 40)).toMatch(/^word( word)+…$/);
  });

  it("reads blocks for DOCX and PDF: headings, marks, nested lists, tables, quotes", () => {
    const blocks = draftBlocks(
      '<h5>Deep</h5><p>A <strong>bold <a href="https://x.test">link</a></strong></p>' +
        '<ol start="3"><li><p>One</p><ul><li><p>Inner</p></li></ul></li></ol>' +
        "<blockquote><p>Quoted</p></blockquote><table><tr><th>K</th><td>V</td></tr></table><hr>",
    );
    expect(blocks.map((b) => b.kind)).toEqual([
      "heading",
      "paragraph",
      "list",
      "paragraph",
      "table",
      "rule",
    ]);
    expect(blocks[0]).toMatchObject({ level: 4 });
    expect(blocks[1]).toMatchObject({
      runs: [
        { text: "A " },
        { text: "bold ", bold: true },
        { text: "link", bold: true, link: "https://x.test" },
      ],
    });
    expect(blocks[2]).toMatchObject({
      ordered: true,
      start: 3,
      items: [[{ kind: "paragraph" }, { kind: "list", ordered: false }]],
    });
    expect(blocks[3]).toMatchObject({ quote: true });
    expect(blocks[4]).toMatchObject({ rows: [{ cells: [{ header: true }, { header: false }] }] });
  });

  it("names the saved file after the title, as one safe path segment", () => {
    expect(draftFileName("Lease review", "pdf")).toBe("Lease review.pdf");
    expect(draftFileName("A/B: memo?", "docx")).toBe("A-B- memo-.docx");
    expect(draftFileName("  ", "docx")).toBe("Draft.docx");
  });
});
