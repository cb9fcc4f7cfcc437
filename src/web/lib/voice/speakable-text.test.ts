import { describe, expect, it } from "vitest";
import { speakableText } from "./speakable-text.ts";

describe("speakableText", () => {
  it("reads the words of Markdown, not its marks", () => {
    const markdown = [
      "## Summary",
      "The **notice period** is *30 days* [1], see [the contract](/dossier?document=x) [2, 3].",
      "- First `point`",
      "```js\nconsole.log(1)\n```",
      "> Quoted.",
    ].join("\n");
    expect(speakableText(markdown)).toBe(
      "Summary The notice period is 30 days, see the contract. First point Quoted.",
    );
  });
});
