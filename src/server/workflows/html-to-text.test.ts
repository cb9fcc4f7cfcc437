import { describe, expect, it } from "vitest";
import { draftHtmlToText } from "./html-to-text.ts";

describe("draftHtmlToText", () => {
  it("keeps headings, lists and paragraphs as lines and decodes entities", () => {
    expect(
      draftHtmlToText(
        "<h2>Terms</h2><ul><li>Fee &amp; costs</li><li>Term</li></ul><p>a<br>b &lt;c&gt;</p>",
      ),
    ).toBe("## Terms\n\n- Fee & costs\n- Term\n\na\nb <c>");
  });
});
