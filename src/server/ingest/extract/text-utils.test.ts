import { describe, expect, it } from "vitest";
import { sanitizeDocumentHtml } from "./sanitize.ts";
import {
  countWords,
  cutText,
  decodeXmlEntities,
  normalizeText,
  sanitizedHtmlToText,
  textToHtmlParagraphs,
} from "./text-utils.ts";

describe("normalizeText", () => {
  it("drops NUL and other control characters, keeps tabs and newlines", () => {
    expect(normalizeText("a\u0000b\u0007c\td\r\ne\u001bf")).toBe("abc\td\nef");
  });

  it("replaces lone surrogates, trims line ends and collapses blank lines", () => {
    expect(normalizeText("x\ud800y  \n\n\n\nz  ")).toBe("x\ufffdy\n\nz");
  });
});

describe("cutText", () => {
  it("never ends on half a character", () => {
    expect(cutText("ab😀", 3)).toBe("ab");
    expect(cutText("ab😀", 4)).toBe("ab😀");
  });
});

describe("sanitizedHtmlToText", () => {
  it("turns blocks into paragraphs, rows into lines and cells into tabs", () => {
    const html = sanitizeDocumentHtml(
      "<h1>Title</h1><p>One &amp; <b>two</b> &lt;three&gt;<br>four</p><ul><li>a</li><li>b</li></ul>" +
        "<table>\n<tr>\n<th><p>k</p></th>\n<th>v</th>\n</tr>\n<tr><td>1</td><td>2</td></tr></table><p>end</p>",
    );
    expect(sanitizedHtmlToText(html)).toBe(
      "Title\n\nOne & two <three>\nfour\n\na\nb\n\nk\tv\n1\t2\n\nend",
    );
  });
});

describe("decodeXmlEntities", () => {
  it("decodes the XML entities and numeric references only", () => {
    expect(
      decodeXmlEntities("a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos; &#233; &#x1F600; &nbsp;"),
    ).toBe("a & b <c> \"d\" 'e' é 😀 &nbsp;");
  });
});

describe("textToHtmlParagraphs", () => {
  it("escapes and splits on blank lines", () => {
    expect(textToHtmlParagraphs('a < b\nc\n\n"d" & e')).toBe(
      "<p>a &lt; b<br>c</p>\n<p>&quot;d&quot; &amp; e</p>",
    );
  });
});

describe("countWords", () => {
  it("counts words in any script", () => {
    expect(countWords("Hello, world! It's 2024.")).toBe(4);
    expect(countWords("東京は日本の首都です")).toBeGreaterThan(2);
  });
});
