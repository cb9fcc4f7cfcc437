import { describe, expect, it } from "vitest";
import { summarize, unwrapLines } from "./summarize.ts";

const ARTICLE = [
  "The harbour authority approved a plan to rebuild the north pier before winter.",
  "Engineers found that the pier timber had rotted after years of storms.",
  "My cousin once owned a red bicycle with a bell.",
  "The plan rebuilds the pier with steel piles and new timber decking.",
  "Work on the pier starts in May and the harbour stays open for fishing boats.",
  "The harbour authority will publish weekly updates on the pier works.",
  "Lunch was served at noon.",
].join(" ");

describe("summarize", () => {
  it("is null for a document without text", () => {
    expect(summarize("")).toBeNull();
    expect(summarize(" \n\t ")).toBeNull();
  });

  it("picks central sentences, verbatim and in their original order", () => {
    const summary = summarize(ARTICLE, 250)!;
    expect(summary.length).toBeLessThanOrEqual(250);
    expect(summary).toContain("pier");
    expect(summary).not.toContain("bicycle");
    const picked = summary.match(/[^.]+\./g)!.map((sentence) => sentence.trim());
    for (const sentence of picked) expect(ARTICLE).toContain(sentence);
    const positions = picked.map((sentence) => ARTICLE.indexOf(sentence));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it("stays within 600 characters by default", () => {
    const subjects = ["pier", "breakwater", "lighthouse", "slipway", "crane", "dock", "quay"];
    const verbs = ["needs", "lacks", "awaits", "requires", "deserves"];
    const objects = ["timber", "paint", "steel", "lighting", "inspection", "funding", "cables"];
    const long = Array.from(
      { length: 200 },
      (_, i) =>
        `Finding ${i} shows that the ${subjects[i % 7]} ${verbs[i % 5]} new ${objects[(i * 3) % 7]} before the winter storms.`,
    ).join(" ");
    const summary = summarize(long)!;
    expect(summary.length).toBeLessThanOrEqual(600);
    expect(summary.length).toBeGreaterThan(300);
  });

  it("does not repeat a sentence that appears twice", () => {
    const text = `${ARTICLE} ${ARTICLE}`;
    const summary = summarize(text, 600)!;
    const sentences = summary.match(/[^.]+\./g)!.map((sentence) => sentence.trim());
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it("ends lines without punctuation (slide bullets) with a full stop", () => {
    expect(
      summarize("Revenue rose in every single region\nCosts stayed flat for the whole year"),
    ).toBe("Revenue rose in every single region. Costs stayed flat for the whole year.");
  });

  it("falls back to the opening text when nothing reads like a sentence", () => {
    const summary = summarize(`${"token ".repeat(400)}`)!;
    expect(summary.endsWith("…")).toBe(true);
    expect(summary.length).toBeLessThanOrEqual(600);
    const unbroken = summarize("z".repeat(5000))!;
    expect(unbroken).toBe(`${"z".repeat(599)}…`);
  });
});

describe("unwrapLines", () => {
  it("joins a PDF's wrapped lines but keeps headings, bullets and sentence ends", () => {
    const wrapped =
      "1. Definitions\n" +
      '"Deliverables" means all work product provided by the Supplier under a Statement of\n' +
      "Work. It ends here.\n" +
      "A short bullet\n" +
      "Another bullet";
    expect(unwrapLines(wrapped)).toBe(
      "1. Definitions\n" +
        '"Deliverables" means all work product provided by the Supplier under a Statement of ' +
        "Work. It ends here.\nA short bullet\nAnother bullet",
    );
    expect(summarize(wrapped)).not.toContain("Statement of.");
  });

  /** What unwrapLines did as one regular expression (quadratic in a line's length). */
  const byRegex = (text: string) =>
    text.replace(/([^\n]{50,}?)[ \t]*\n(?=[ \t]*[^\s])/g, (match, line: string) =>
      /[.!?…:;。！？]["'”’)\]]*$/u.test(line.trimEnd()) ? match : `${line} `,
    );

  it("does what the regular expression it replaces did, on any mix of lines", () => {
    // Lines near the 50 characters a wrapped line needs are the ones that matter.
    const near = ["y".repeat(48), "y".repeat(49), "y".repeat(50)];
    const pieces = ["word ", "x", " ", "\t", "\n", ".", "?", "”", ")", "\r", "…", "\n\n", ...near];
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 2_000; round++) {
      let text = "";
      const length = Math.floor(random() * 60);
      for (let i = 0; i < length; i++) {
        const piece = pieces[Math.floor(random() * pieces.length)]!;
        text +=
          random() < 0.3 && piece.length < 5 ? piece.repeat(1 + Math.floor(random() * 30)) : piece;
      }
      expect(unwrapLines(text), JSON.stringify(text)).toBe(byRegex(text));
    }
  });

  it("handles very long lines, with or without a break", () => {
    const long = "word ".repeat(40_000);
    expect(unwrapLines(long)).toBe(long);
    expect(unwrapLines(`${long}\nmore`)).toBe(`${long.trimEnd()} more`);
    expect(unwrapLines(`${long.trimEnd()}.\nNext`)).toBe(`${long.trimEnd()}.\nNext`);
  });
});
