import { describe, expect, it } from "vitest";
import { cleanTitle, fallbackTitle } from "./titles.ts";

describe("fallbackTitle", () => {
  it("is the first message on one line, cut at a word near 60 characters", () => {
    expect(fallbackTitle("  Budget\nreview  ")).toBe("Budget review");
    const long =
      "Please summarize the differences between the two lease agreements for the Lyon office";
    const title = fallbackTitle(long);
    expect(title).toBe("Please summarize the differences between the two lease…");
    expect(title.length).toBeLessThanOrEqual(61);
    expect(fallbackTitle("   ")).toBe("New chat");
  });
});

describe("cleanTitle", () => {
  it("keeps one short line without quotes, prefixes or thinking", () => {
    expect(cleanTitle('"Lyon lease comparison."')).toBe("Lyon lease comparison");
    expect(cleanTitle("Title: **Quarterly budget review**\nExtra line")).toBe(
      "Quarterly budget review",
    );
    expect(cleanTitle("<think>hmm, a title</think>\nOffice rent")).toBe("Office rent");
    expect(cleanTitle("one two three four five six seven eight nine ten")).toBe(
      "one two three four five six seven eight",
    );
    expect(cleanTitle("  \n ")).toBeNull();
    expect(cleanTitle('""')).toBeNull();
  });
});
